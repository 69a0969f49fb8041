import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { loadGooglePlaces } from '../../../lib/google-maps';
import { useI18n } from '../../../lib/i18n/i18n-store';

export interface StreetAddressFieldProps {
  registration: UseFormRegisterReturn<'address.street_address'>;
  /** Called with the address of a suggestion the user picked. */
  onPlace: (address: string) => void;
  error?: string | undefined;
}

/**
 * Street/Nearest landmark: a plain input that gains Google Places suggestions (in the UAE) when a
 * maps key is configured and the script loads; without either it stays a plain input.
 */
export function StreetAddressField({ registration, onPlace, error }: StreetAddressFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const { t } = useI18n();
  const onPlaceRef = useRef(onPlace);
  useEffect(() => {
    onPlaceRef.current = onPlace;
  });

  useEffect(() => {
    let removed = false;
    let listener: { remove(): void } | undefined;
    loadGooglePlaces()?.then(
      (places) => {
        if (removed || !input.current) return;
        const autocomplete = new places.Autocomplete(input.current, {
          fields: ['formatted_address', 'name'],
          componentRestrictions: { country: 'ae' },
        });
        listener = autocomplete.addListener('place_changed', () => {
          const place = autocomplete.getPlace();
          const address = place.formatted_address ?? place.name;
          if (address) onPlaceRef.current(address);
        });
      },
      (error: unknown) => console.error('Address suggestions are unavailable:', error),
    );
    return () => {
      removed = true;
      listener?.remove();
    };
  }, []);

  return (
    <TextField
      label={t('field.street_address')}
      autoComplete="street-address"
      registration={{
        ...registration,
        ref: (element: HTMLInputElement | null) => {
          input.current = element;
          registration.ref(element);
        },
      }}
      error={error ? { type: 'validate', message: error } : undefined}
    />
  );
}
