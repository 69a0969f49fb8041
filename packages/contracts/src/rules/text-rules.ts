import { defineRule } from './define-rule';
import { asText, characterCount, everyValue } from './values';

// vee-validate lists letters per locale and, with none given, accepts a value any one locale accepts.
// We take Unicode's letters, marks and digits instead: every script, mixed scripts ("Zoë محمد"),
// decomposed accents; not the apostrophe or CJK punctuation its he and ja lists let through.
const ALPHA = /^[\p{L}\p{M}]*$/u;
const ALPHA_NUM = /^[\p{L}\p{M}\p{Nd}]*$/u;
const ALPHA_DASH = /^[\p{L}\p{M}\p{Nd}_-]*$/u;
const ALPHA_SPACES = /^[\p{L}\p{M}\s]*$/u;
// vee-validate 3's own pattern, so the browser and the server agree with what users saw before.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

const matches = (pattern: RegExp) => (value: unknown) =>
  everyValue(value, (single) => {
    const text = asText(single);
    return text !== undefined && pattern.test(text);
  });

export const alpha = defineRule<true>({ validate: matches(ALPHA) });
export const alpha_num = defineRule<true>({ validate: matches(ALPHA_NUM) });
export const alpha_dash = defineRule<true>({ validate: matches(ALPHA_DASH) });
export const alpha_spaces = defineRule<true>({ validate: matches(ALPHA_SPACES) });

export const email = defineRule<true | { multiple: boolean }>({
  validate(value, params) {
    const multiple = typeof params === 'object' && params.multiple;
    const list = multiple && typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value;
    return matches(EMAIL)(list);
  },
});

export const regex = defineRule<RegExp>({
  validate: (value, pattern) =>
    everyValue(value, (single) => {
      const text = asText(single);
      // Unlike vee-validate, g and y are dropped: they would carry lastIndex from one test to the next.
      return text !== undefined && new RegExp(pattern.source, pattern.flags.replaceAll(/[gy]/g, '')).test(text);
    }),
});

// min, max and length count code points, as PostgreSQL does; vee-validate's min and max count UTF-16 units.

/** At least `length` characters (each element of a list). */
export const min = defineRule<number>({
  validate: (value, length) =>
    value !== null &&
    value !== undefined &&
    everyValue(value, (single) => {
      const text = asText(single);
      return text !== undefined && characterCount(text) >= length;
    }),
  messageParams: (length) => ({ length }),
});

/** At most `length` characters (each element of a list). */
export const max = defineRule<number>({
  validate: (value, length) =>
    value === null ||
    value === undefined ||
    everyValue(value, (single) => {
      const text = asText(single);
      return text !== undefined && characterCount(text) <= length;
    }),
  messageParams: (length) => ({ length }),
});

/** Exactly `length` characters for text, or `length` items for a list. */
export const length = defineRule<number>({
  validate(value, expected) {
    if (Array.isArray(value)) return value.length === expected;
    const text = asText(value);
    return text !== undefined && characterCount(text) === expected;
  },
  messageParams: (expected) => ({ length: expected }),
});
