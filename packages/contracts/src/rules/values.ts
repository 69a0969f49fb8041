/** What the rules accept as "empty": vee-validate 3 skips every rule but the required ones for these. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Rules apply to each element of a list, as vee-validate's do. */
export function everyValue(value: unknown, test: (single: unknown) => boolean): boolean {
  return Array.isArray(value) ? value.every(test) : test(value);
}

/** Length in Unicode code points: an emoji or an accented letter is one character, as in PostgreSQL. */
export const characterCount = (value: string): number => Array.from(value).length;

/** Text of a scalar; objects and functions are never valid text. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

// \p{Cc}: C0 controls (NUL among them), DEL and C1 controls. \p{Cs}: half of a surrogate pair,
// which only matches on its own in a /u pattern.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Text a person typed and PostgreSQL can store as it is: no control characters (NUL, which
 * PostgreSQL refuses, and the like; tab and line breaks only in multi-line text) and no half of a
 * surrogate pair (it is no character, and would be saved as U+FFFD).
 */
export function isPlainText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) && !UNPAIRED_SURROGATE.test(value);
}
