import type { MessageKey } from '@marketplace/contracts';
import type { SearchPlace } from '@marketplace/contracts/catalogue-essentials';
import { useCallback } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { SearchPatch } from './search-state';
import { useBrowserLocation, type LocationState } from './use-browser-location';

const LOCATION_PROBLEMS = {
  denied: 'search.locationDenied',
  unavailable: 'search.locationUnavailable',
} as const satisfies Partial<Record<LocationState, MessageKey>>;

const samePlace = (a: SearchPlace, b: SearchPlace) => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * Where distances are measured from, and how to change that: "Use my location" asks the browser
 * (only on this click), then sorts nearest first; a refusal or failure says what to do.
 */
export interface NearPlaceProps {
  near: SearchPlace | undefined;
  home: (SearchPlace & { city: string }) | undefined;
  change: (patch: SearchPatch) => void;
}

export function NearPlace({ near, home, change }: NearPlaceProps) {
  const { t } = useI18n();
  const found = useCallback((place: SearchPlace) => change({ near: place, sort: 'nearest' }), [change]);
  const location = useBrowserLocation(found);
  const problem = location.state === 'denied' || location.state === 'unavailable' ? location.state : undefined;
  if (!near && !location.supported) return null;
  return (
    <div className="search-near">
      {near && (
        <>
          <span>{home && samePlace(near, home) ? t('search.nearCity', { city: home.city }) : t('search.nearYou')}</span>
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => change({ near: undefined, sort: undefined })}
          >
            {t('search.forgetPlace')}
          </button>
        </>
      )}
      {location.supported && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={location.state === 'locating'}
          onClick={location.locate}
        >
          {location.state === 'locating' ? t('search.locating') : t('search.useMyLocation')}
        </button>
      )}
      {problem && (
        <p className="search-near-problem mb-0" role="alert">
          {t(LOCATION_PROBLEMS[problem])}
        </p>
      )}
    </div>
  );
}
