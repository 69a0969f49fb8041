import { appConfig } from './app-config';
import { i18n } from './i18n/i18n-store';

/** The part of the Google Maps JavaScript API the app uses: Places autocomplete on an input. */
export interface PlacesAutocomplete {
  addListener(event: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): { formatted_address?: string; name?: string };
}

export interface GoogleMapsPlaces {
  Autocomplete: new (
    input: HTMLInputElement,
    options?: { fields?: string[]; componentRestrictions?: { country: string | string[] } },
  ) => PlacesAutocomplete;
}

/** A point as the Maps API hands it over (a LatLng object). */
export interface MapsLatLng {
  lat(): number;
  lng(): number;
}

export interface LatLngLiteral {
  lat: number;
  lng: number;
}

export interface MapsListener {
  remove(): void;
}

/** The part of google.maps.Map the pin picker uses. */
export interface MapsMap {
  addListener(event: 'click', handler: (event: { latLng?: MapsLatLng | null }) => void): MapsListener;
  getCenter(): MapsLatLng | undefined;
  panTo(position: LatLngLiteral): void;
  setZoom(zoom: number): void;
}

/** The part of google.maps.Marker the pin picker uses. */
export interface MapsMarker {
  addListener(event: 'dragend', handler: (event: { latLng?: MapsLatLng | null }) => void): MapsListener;
  setPosition(position: LatLngLiteral): void;
  setMap(map: MapsMap | null): void;
}

export interface GoogleMapsPin {
  Map: new (
    element: HTMLElement,
    options: {
      center: LatLngLiteral;
      zoom: number;
      clickableIcons?: boolean;
      streetViewControl?: boolean;
      mapTypeControl?: boolean;
      fullscreenControl?: boolean;
    },
  ) => MapsMap;
  Marker: new (options: { position: LatLngLiteral; map: MapsMap; draggable?: boolean; title?: string }) => MapsMarker;
}

interface GoogleMapsNamespace {
  places?: GoogleMapsPlaces;
  Map?: GoogleMapsPin['Map'];
  Marker?: GoogleMapsPin['Marker'];
  importLibrary?: (name: 'maps' | 'marker') => Promise<Partial<GoogleMapsPin>>;
}

declare global {
  interface Window {
    google?: { maps?: GoogleMapsNamespace };
  }
}

let loading: Promise<GoogleMapsNamespace> | undefined;

/** Whether a maps key is configured, so that maps may be offered at all. */
export const hasGoogleMaps = (): boolean => Boolean(appConfig().googleMapsKey);

/**
 * Loads the Maps script once, with the configured key and the places library (specification §7), or answers
 * undefined when no key is configured: the app then works without maps.
 */
function loadGoogleMaps(): Promise<GoogleMapsNamespace> | undefined {
  const key = appConfig().googleMapsKey;
  if (!key) return undefined;
  loading ??= new Promise<GoogleMapsNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    // Suggestions in the page's language at the time; the script cannot change language once loaded.
    const params = new URLSearchParams({
      key,
      libraries: 'places',
      language: i18n().locale,
      loading: 'async',
      callback: '__onGoogleMapsReady',
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    const callbacks = window as unknown as Record<string, unknown>;
    callbacks.__onGoogleMapsReady = () => {
      const maps = window.google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('The Google Maps script loaded without google.maps.'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The Google Maps script could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Places autocomplete, or undefined when no maps key is configured. */
export function loadGooglePlaces(): Promise<GoogleMapsPlaces> | undefined {
  return loadGoogleMaps()?.then((maps) => {
    if (maps.places) return maps.places;
    throw new Error('The Google Maps script loaded without the places library.');
  });
}

/**
 * A map with a marker, from the same single script (its `maps` and `marker` libraries come on demand,
 * as the asynchronous loader wants), or undefined when no maps key is configured.
 */
export function loadGoogleMapPin(): Promise<GoogleMapsPin> | undefined {
  return loadGoogleMaps()?.then(async (maps) => {
    const [core, marker] = maps.importLibrary
      ? await Promise.all([maps.importLibrary('maps'), maps.importLibrary('marker')])
      : [maps, maps];
    const Map = core.Map ?? maps.Map;
    const Marker = marker.Marker ?? maps.Marker;
    if (!Map || !Marker) throw new Error('The Google Maps script loaded without maps or markers.');
    return { Map, Marker };
  });
}
