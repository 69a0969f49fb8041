import { z } from 'zod';
import { DEFAULT_RULE_MESSAGE, interpolate } from './messages';
import { firstError, type FieldRules } from './validate';

/**
 * A text field checked by its rules after trimming, with the first failure as its only message.
 * Missing and null become '' so an optional field is simply empty.
 */
export function ruledText(field: FieldRules) {
  return z
    .string({ error: () => interpolate(DEFAULT_RULE_MESSAGE, field.label) })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .superRefine((value, context) => {
      const message = firstError(value, field);
      if (message) context.addIssue({ code: 'custom', message });
    });
}
