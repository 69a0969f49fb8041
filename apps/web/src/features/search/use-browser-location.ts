import type { SearchPlace } from '@marketplace/contracts/catalogue-essentials';
import { useCallback, useState } from 'react';

/** Where asking the browser for its location stands: a refusal and a failure say different things. */
export type LocationState = 'idle' | 'locating' | 'denied' | 'unavailable';

/** Three decimals, about 100 m: enough to sort by, and no more of where someone is in a shareable address. */
const rounded = (value: number) => Number(value.toFixed(3)) + 0;

/**
 * The browser's location, asked only when the user acts ("Use my location"), handed to `onFound`
 * rounded; a refusal (the user's or the site settings') is told apart from a failure to find it.
 */
export function useBrowserLocation(onFound: (place: SearchPlace) => void) {
  const [state, setState] = useState<LocationState>('idle');
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = useCallback(() => {
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setState('idle');
        onFound({ latitude: rounded(coords.latitude), longitude: rounded(coords.longitude) });
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      // A city-level answer is enough, and one from the last five minutes will do.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, [onFound]);
  return { supported, state, locate };
}
