import { encodeMessage, message } from '@marketplace/contracts';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { WizardValues } from './listing-form-values';

/**
 * A rent is never free (issue 32): a free item's draft moved into a rent category loses its "free",
 * says why under its price, and saves (`schedule`) that it has no price until its rent is typed.
 */
export function useRentNeverFree(form: UseFormReturn<WizardValues>, rent: boolean, schedule: () => void) {
  const { getValues, setValue, setError } = form;
  useEffect(() => {
    if (!rent || !getValues('free')) return;
    setValue('free', false, { shouldDirty: true });
    setError('price', { type: 'server', message: encodeMessage(message('listing.rentNotFree')) });
    schedule();
  }, [rent, getValues, setValue, setError, schedule]);
}
