import { z } from 'zod/mini';
import { messages, type Attribute } from './laravel-messages';
import { characterCount, isPlainText } from './rules/values';

/** A required, trimmed string of `min`..`max` characters with Laravel's messages for `field`. */
export function requiredText(field: Attribute, { min = 1, max = 255 }: { min?: number; max?: number } = {}) {
  return z
    .string({ error: (issue) => (issue.input == null ? messages.required(field) : messages.string(field)) })
    .check(
      z.trim(),
      z.minLength(1, messages.required(field)),
      z.refine((value) => isPlainText(value), messages.plainText(field)),
      z.refine((value) => characterCount(value) >= min, messages.min(field, min)),
      z.refine((value) => characterCount(value) <= max, messages.max(field, max)),
    );
}

export function emailAddress(field: Attribute = 'email') {
  return z.pipe(
    z.pipe(requiredText(field, { max: 255 }), z.email(messages.email(field))),
    z.transform((value) => value.toLowerCase()),
  );
}
