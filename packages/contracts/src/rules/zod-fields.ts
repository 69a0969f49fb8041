import { z } from 'zod/mini';
import { DEFAULT_RULE_MESSAGE, interpolate } from './messages';
import { firstError, type FieldRules } from './validate';

/**
 * A text field checked by its rules after trimming, with the first failure as its only message.
 * Missing and null become '' so an optional field is simply empty.
 */
export function ruledText(field: FieldRules) {
  return z
    .pipe(
      z.nullish(z.string({ error: () => interpolate(DEFAULT_RULE_MESSAGE, field.label) })),
      z.transform((value) => (value ?? '').trim()),
    )
    .check(
      z.superRefine((value, context) => {
        const message = firstError(value, field);
        if (message) context.addIssue({ code: 'custom', message });
      }),
    );
}
