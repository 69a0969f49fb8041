import { useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import {
  hasGoogleMaps,
  loadGoogleMapPin,
  type GoogleMapsPin,
  type LatLngLiteral,
  type MapsLatLng,
  type MapsListener,
  type MapsMap,
  type MapsMarker,
} from '../../lib/google-maps';
import { useI18n } from '../../lib/i18n/i18n-store';
import { FieldProblem } from './wizard-fields';

export interface MapPin {
  latitude: number;
  longitude: number;
}

/** The cities carry no coordinates: without a pin the map shows the whole of the UAE. */
const UAE_CENTRE: LatLngLiteral = { lat: 24.3, lng: 54.3 };
const UAE_ZOOM = 7;
/** Close enough to see the streets around a pin. */
const PIN_ZOOM = 15;

/** Six decimals are about ten centimetres: more would only be noise from the pointer. */
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
const toPin = (point: MapsLatLng): MapPin => ({ latitude: rounded(point.lat()), longitude: rounded(point.lng()) });
const toLatLng = (pin: MapPin): LatLngLiteral => ({ lat: pin.latitude, lng: pin.longitude });

export interface MapPinFieldProps {
  pin: MapPin | null;
  /** A new pin (dropped, dragged or put at the centre), or null when removed. */
  onChange: (pin: MapPin | null) => void;
  error?: FieldError | undefined;
}

/**
 * An optional pin on a Google map, shown only when a maps key is configured (the script loads when
 * the field first shows, once for the whole app). The pin is also given as text, and can be placed
 * and removed with the keyboard alone.
 */
export function MapPinField(props: MapPinFieldProps) {
  if (!hasGoogleMaps()) return null;
  return <PinMap {...props} />;
}

function PinMap({ pin, onChange, error }: MapPinFieldProps) {
  const { t } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<{ map: MapsMap; api: GoogleMapsPin }>();
  const [failed, setFailed] = useState(false);
  const centreButton = useRef<HTMLButtonElement>(null);
  const onChangeRef = useRef(onChange);
  const initialPin = useRef(pin);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let removed = false;
    let listener: MapsListener | undefined;
    loadGoogleMapPin()?.then(
      (api) => {
        if (removed || !container.current) return;
        const start = initialPin.current;
        const created = new api.Map(container.current, {
          center: start ? toLatLng(start) : UAE_CENTRE,
          zoom: start ? PIN_ZOOM : UAE_ZOOM,
          clickableIcons: false,
          streetViewControl: false,
          mapTypeControl: false,
          fullscreenControl: false,
        });
        listener = created.addListener('click', (event) => {
          if (event.latLng) onChangeRef.current(toPin(event.latLng));
        });
        setMap({ map: created, api });
      },
      (problem: unknown) => {
        console.error('The map is unavailable:', problem);
        if (!removed) setFailed(true);
      },
    );
    return () => {
      removed = true;
      listener?.remove();
    };
  }, []);

  // The marker follows the pin: created with the first one, moved, taken off the map when removed.
  const marker = useRef<{ marker: MapsMarker; listener: MapsListener }>(undefined);
  const latitude = pin?.latitude;
  const longitude = pin?.longitude;
  const markerTitle = t('sell.mapMarker');
  useEffect(() => {
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      marker.current?.listener.remove();
      marker.current?.marker.setMap(null);
      marker.current = undefined;
      return;
    }
    const position = { lat: latitude, lng: longitude };
    if (marker.current) {
      marker.current.marker.setPosition(position);
      return;
    }
    const created = new map.api.Marker({ position, map: map.map, draggable: true, title: markerTitle });
    const listener = created.addListener('dragend', (event) => {
      if (event.latLng) onChangeRef.current(toPin(event.latLng));
    });
    marker.current = { marker: created, listener };
  }, [map, latitude, longitude, markerTitle]);
  useEffect(
    () => () => {
      marker.current?.listener.remove();
      marker.current?.marker.setMap(null);
      marker.current = undefined;
    },
    [],
  );

  const pinCentre = () => {
    const centre = map?.map.getCenter();
    if (centre) onChange(toPin(centre));
  };

  const removePin = () => {
    onChange(null);
    // The button goes with the pin: focus stays in the field rather than falling to the page.
    centreButton.current?.focus();
  };

  return (
    <fieldset className="mb-3" aria-describedby="sell-map-hint sell-map-error">
      <legend className="form-label fs-6">{t('sell.mapLegend')}</legend>
      {failed ? (
        <p className="small text-body-secondary">{t('sell.mapUnavailable')}</p>
      ) : (
        <>
          <p id="sell-map-hint" className="form-text mt-0">
            {t('sell.mapHint')}
          </p>
          <div ref={container} className="sell-map border rounded mb-2" role="region" aria-label={t('sell.mapLabel')} />
        </>
      )}
      <p className="small mb-2" aria-live="polite">
        {pin
          ? t('sell.mapPinSet', { latitude: pin.latitude.toFixed(4), longitude: pin.longitude.toFixed(4) })
          : t('sell.mapNoPin')}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {!failed && (
          <button
            ref={centreButton}
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={!map}
            onClick={pinCentre}
          >
            {t('sell.mapPinCentre')}
          </button>
        )}
        {pin && (
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={removePin}>
            {t('sell.mapRemovePin')}
          </button>
        )}
      </div>
      <FieldProblem id="sell-map-error" error={error} />
    </fieldset>
  );
}
