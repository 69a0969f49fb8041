import { defineRule } from './define-rule';
import { isEmptyValue } from './values';

/** Not filled in: empty, false, or text of white space only. Lists and objects with content are filled in. */
const isBlank = (value: unknown) =>
  isEmptyValue(value) || value === false || (typeof value === 'string' && value.trim() === '');

/** Not empty: not null, not an empty list, not only white space; `false` counts unless allowFalse is false. */
export const required = defineRule<true | { allowFalse: boolean }>({
  requires: () => true,
  validate: (value, params) => (value === false ? params === true || params.allowFalse : !isBlank(value)),
});

const scalarText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

type RequiredIfParams = { target: string; values?: readonly (string | number)[] };

/** Whether the field `target` holds one of `values` or, with no values given, holds anything at all. */
function targetDemands({ target, values = [] }: RequiredIfParams, others: Readonly<Record<string, unknown>> = {}) {
  const held = others[target];
  if (values.length === 0) return !isBlank(held);
  const heldText = scalarText(held)?.trim();
  return values.some((option) => String(option) === heldText);
}

/** Required when the field `target` holds one of `values` (or anything, when values are left out). */
export const required_if = defineRule<RequiredIfParams>({
  requires: (params, context) => targetDemands(params, context.values),
  validate: (value, params, context) => !targetDemands(params, context.values) || !isBlank(value),
  messageParams: ({ target, values = [] }) => ({ target, values }),
});

// vee-validate compares loosely (`==`); we only let a number equal its text: 1 and '1', not 0 and ''.
const sameOption = (value: unknown, option: string | number) =>
  (typeof value === 'string' || typeof value === 'number') && String(value) === String(option);

/** Equal to the field `target` (a password and its confirmation). */
export const confirmed = defineRule<{ target: string }>({
  validate: (value, { target }, { values: others = {} }) => {
    const other = others[target];
    return value === other || ((typeof other === 'string' || typeof other === 'number') && sameOption(value, other));
  },
});

const isOneOf = (value: unknown, options: readonly (string | number)[]) =>
  Array.isArray(value)
    ? value.every((single) => options.some((option) => sameOption(single, option)))
    : options.some((option) => sameOption(value, option));

export const oneOf = defineRule<readonly (string | number)[]>({ validate: isOneOf });

// For a list vee-validate fails only when every item is excluded; here any excluded item fails.
export const excluded = defineRule<readonly (string | number)[]>({
  validate: (value, options) =>
    Array.isArray(value) ? value.every((single) => !isOneOf(single, options)) : !isOneOf(value, options),
});
