import { appConfig } from './app-config';

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

declare global {
  interface Window {
    google?: { maps?: { places?: GoogleMapsPlaces } };
  }
}

let loading: Promise<GoogleMapsPlaces> | undefined;

/**
 * Loads the Maps script once, with the configured key and the places library (SPEC §7), or answers
 * undefined when no key is configured: the app then works without maps.
 */
export function loadGooglePlaces(): Promise<GoogleMapsPlaces> | undefined {
  const key = appConfig().googleMapsKey;
  if (!key) return undefined;
  loading ??= new Promise<GoogleMapsPlaces>((resolve, reject) => {
    const script = document.createElement('script');
    const params = new URLSearchParams({ key, libraries: 'places', loading: 'async', callback: '__onGoogleMapsReady' });
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    const callbacks = window as unknown as Record<string, unknown>;
    callbacks.__onGoogleMapsReady = () => {
      const places = window.google?.maps?.places;
      if (places) resolve(places);
      else reject(new Error('The Google Maps script loaded without the places library.'));
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The Google Maps script could not be loaded.'));
    };
    document.head.append(script);
  });
  return loading;
}
