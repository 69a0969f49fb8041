import type { MessageKey } from '../i18n/message';

/**
 * Each rule's message, by vee-validate 3's names; the catalogues hold its wording (English as
 * vee-validate 3 words it). `{field}` is the field's label, the others the rule's params.
 */
export const ruleMessageKeys = {
  alpha: 'rule.alpha',
  alpha_num: 'rule.alpha_num',
  alpha_dash: 'rule.alpha_dash',
  alpha_spaces: 'rule.alpha_spaces',
  between: 'rule.between',
  confirmed: 'rule.confirmed',
  digits: 'rule.digits',
  dimensions: 'rule.dimensions',
  email: 'rule.email',
  excluded: 'rule.excluded',
  ext: 'rule.ext',
  image: 'rule.image',
  integer: 'rule.integer',
  length: 'rule.length',
  max_value: 'rule.max_value',
  max: 'rule.max',
  mimes: 'rule.mimes',
  min_value: 'rule.min_value',
  min: 'rule.min',
  numeric: 'rule.numeric',
  oneOf: 'rule.oneOf',
  regex: 'rule.regex',
  required_if: 'rule.required_if',
  required: 'rule.required',
  size: 'rule.size',
  double: 'rule.double',
} as const satisfies Record<string, MessageKey>;

/** The specification's message for a rule that has none of its own: '{field} is not valid.' */
export const DEFAULT_RULE_MESSAGE_KEY = 'rule.default' satisfies MessageKey;

/** A param as a placeholder's value: a list joined with commas; undefined for what has no text of its own. */
export function paramValue(value: unknown): string | number | undefined {
  if (Array.isArray(value)) return value.map((item) => paramValue(item) ?? '').join(', ');
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
