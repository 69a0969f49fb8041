import { profileUpdateSchema, toFieldErrors, type AccountType } from '@marketplace/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { toUpdateRequest, type ProfileFormValues } from './profile-form-values';

/** Puts `message` at a dotted path ('address.phone') of react-hook-form's nested error object. */
function setError(errors: Record<string, unknown>, path: string, message: string): void {
  const keys = path.split('.');
  let node = errors;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node = (node[key] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
  }
  const last = keys.at(-1) ?? path;
  node[last] ??= { type: 'validate', message };
}

/**
 * Validates with the contract the server uses (packages/contracts), on the body the form would send,
 * keeping the first message of each field. The form keeps its own values: what is sent is what is shown.
 */
export function profileFormResolver(accountType: AccountType): Resolver<ProfileFormValues> {
  const schema = profileUpdateSchema(accountType);
  return (values) => {
    const result = schema.safeParse(toUpdateRequest(values, accountType === 'company'));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, messages] of Object.entries(toFieldErrors(result.error))) {
      const message = messages[0];
      if (message) setError(errors, path, message);
    }
    return { values: {}, errors: errors as FieldErrors<ProfileFormValues> };
  };
}
