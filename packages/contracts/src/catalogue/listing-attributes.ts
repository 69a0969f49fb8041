import { message, type Message, type MessageKey } from '../i18n/message';
import { DEFAULT_RULE_MESSAGE_KEY } from '../rules/messages';
import { numberProblem } from '../rules/number-fields';
import { characterCount, isPlainText } from '../rules/values';
import type { CategoryAttribute } from './categories';

/** A listing's values for its category's own fields, by key. */
export type AttributeValues = Readonly<Record<string, string | number | boolean | null>>;

export const ATTRIBUTE_TEXT_MAX = 80;

/**
 * Checks a listing's attribute values against its category's definitions: a key the category does
 * not define, a value of the wrong type, an option that is not offered, a number out of bounds.
 * Publishing also needs every required one. Problems come by `attributes.<key>`.
 */
export function attributeProblems(
  values: AttributeValues,
  definitions: readonly CategoryAttribute[],
  { publishing }: { publishing: boolean },
): Partial<Record<string, Message>> {
  const problems: Partial<Record<string, Message>> = {};
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  for (const key of Object.keys(values)) {
    if (!byKey.has(key)) problems[`attributes.${key}`] = message('listing.unknownAttribute');
  }
  for (const definition of definitions) {
    const value = values[definition.key] ?? null;
    const failure =
      value === null || value === ''
        ? publishing && definition.required
          ? named('rule.required', definition)
          : undefined
        : valueProblem(value, definition);
    if (failure) problems[`attributes.${definition.key}`] = failure;
  }
  return problems;
}

const named = (key: MessageKey, definition: CategoryAttribute, values: Record<string, number> = {}): Message =>
  message(key, { field: definition.label, ...values });

function valueProblem(value: string | number | boolean, definition: CategoryAttribute): Message | undefined {
  switch (definition.type) {
    case 'enum':
      return typeof value === 'string' && definition.options.some((option) => option.value === value)
        ? undefined
        : named('rule.oneOf', definition);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : named(DEFAULT_RULE_MESSAGE_KEY, definition);
    case 'text':
      if (typeof value !== 'string' || !isPlainText(value)) return named(DEFAULT_RULE_MESSAGE_KEY, definition);
      return characterCount(value) > ATTRIBUTE_TEXT_MAX
        ? named('rule.max', definition, { length: ATTRIBUTE_TEXT_MAX })
        : undefined;
    case 'number':
      return numberProblem(value, definition.label, {
        min: definition.min ?? undefined,
        max: definition.max ?? undefined,
        whole: !definition.decimal,
      });
  }
}
