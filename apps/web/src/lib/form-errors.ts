import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiError } from './http';
import { t } from './i18n/i18n-store';

/**
 * Puts a 422's messages under their fields (first message only, as the forms show one error per
 * field). Returns the API's message for anything that is not a field error, or undefined.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  const failure = apiError(error);
  if (!failure) return t('shell.serverUnreachable');
  const errors = failure.status === 422 ? (failure.body.errors ?? {}) : {};
  let placed = false;
  for (const field of fields) {
    const message = errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? undefined : failure.body.message;
}
