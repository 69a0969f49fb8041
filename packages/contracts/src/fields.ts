import { z } from 'zod/mini';
import { messages } from './laravel-messages';
import { characterCount } from './rules/values';

const attributeName = (field: string) => field.replaceAll('_', ' ');

/** A required, trimmed string of `min`..`max` characters with Laravel's messages for `field`. */
export function requiredText(field: string, { min = 1, max = 255 }: { min?: number; max?: number } = {}) {
  const name = attributeName(field);
  return z.string({ error: (issue) => (issue.input == null ? messages.required(name) : messages.string(name)) }).check(
    z.trim(),
    z.minLength(1, messages.required(name)),
    z.refine((value) => characterCount(value) >= min, messages.min(name, min)),
    z.refine((value) => characterCount(value) <= max, messages.max(name, max)),
  );
}

export function emailAddress(field = 'email') {
  const name = attributeName(field);
  return z.pipe(
    z.pipe(requiredText(field, { max: 255 }), z.email(messages.email(name))),
    z.transform((value) => value.toLowerCase()),
  );
}
