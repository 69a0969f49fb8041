import { defineRule } from './define-rule';
import { asText, everyValue } from './values';

// Decimal notation only: vee-validate's Number() would also take '0x10' as 16 and ' ' as 0.
const DECIMAL_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite number from a number or from text that is one written in decimals; undefined otherwise. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL_NUMBER.test(value.trim())) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

const numberTest = (test: (number: number) => boolean) => (value: unknown) =>
  everyValue(value, (single) => {
    const number = toNumber(single);
    return number !== undefined && test(number);
  });

const textTest = (pattern: RegExp) => (value: unknown) =>
  everyValue(value, (single) => {
    const text = asText(single);
    return text !== undefined && pattern.test(text);
  });

export const between = defineRule<{ min: number; max: number }>({
  validate: (value, { min, max }) => numberTest((number) => number >= min && number <= max)(value),
  messageParams: ({ min, max }) => ({ min, max }),
});

export const min_value = defineRule<number>({
  validate: (value, min) => numberTest((number) => number >= min)(value),
  messageParams: (min) => ({ min }),
});

export const max_value = defineRule<number>({
  validate: (value, max) => numberTest((number) => number <= max)(value),
  messageParams: (max) => ({ max }),
});

/** Western or Arabic-Indic digits only, as vee-validate's numeric. */
export const numeric = defineRule<true>({ validate: textTest(/^(?:[0-9]+|[٠-٩]+)$/) });

export const integer = defineRule<true>({ validate: textTest(/^-?[0-9]+$/) });

/** Exactly `length` digits 0-9. */
export const digits = defineRule<number>({
  validate: (value, length) =>
    everyValue(value, (single) => {
      const text = asText(single);
      return text !== undefined && /^[0-9]*$/.test(text) && text.length === length;
    }),
  messageParams: (length) => ({ length }),
});

/**
 * A whole number, or one with a dot (or a comma) and then `decimals` digits exactly, any number of them
 * when 0. As vee-validate 3.4, but a separator with no digits after it ('12.') is not a number here.
 */
export const double = defineRule<true | { decimals?: number; separator?: 'dot' | 'comma' }>({
  validate(value, params) {
    const { decimals = 0, separator = 'dot' } = params === true ? {} : params;
    const mark = separator === 'comma' ? ',' : '\\.';
    const fraction = decimals === 0 ? '+' : `{${decimals}}`;
    return textTest(new RegExp(`^-?\\d+(?:${mark}\\d${fraction})?$`))(value);
  },
});
