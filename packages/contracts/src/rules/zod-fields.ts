import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { DEFAULT_RULE_MESSAGE_KEY } from './messages';
import { firstError, type FieldRules } from './validate';
import { isPlainText } from './values';

/**
 * A text field checked by its rules after trimming, with the first failure as its only message.
 * Missing and null become '' so an optional field is simply empty. Text that is not plain (a
 * control character, half a surrogate pair) fails before any rule, with the specification's default message;
 * `multiline` lets line breaks through (a chat message), never other control characters.
 */
export function ruledText(field: FieldRules, { multiline = false }: { multiline?: boolean } = {}) {
  return z
    .pipe(
      z.nullish(
        z.string({
          error: () => encodeMessage(message(DEFAULT_RULE_MESSAGE_KEY, { field: message(field.label) })),
        }),
      ),
      z.transform((value) => (value ?? '').trim()),
    )
    .check(
      z.superRefine((value, context) => {
        const failure = isPlainText(value, { multiline })
          ? firstError(value, field)
          : message(DEFAULT_RULE_MESSAGE_KEY, { field: message(field.label) });
        if (failure) context.addIssue({ code: 'custom', message: encodeMessage(failure) });
      }),
    );
}
