import type { RuleContext, RuleDefinition } from './define-rule';
import * as fileRules from './file-rules';
import { message, type Message, type MessageKey, type MessageValue } from '../i18n/message';
import { paramValue, ruleMessageKeys } from './messages';
import * as numberRules from './number-rules';
import * as presenceRules from './presence-rules';
import * as textRules from './text-rules';
import { isEmptyValue } from './values';

/** The generic rule set of docs/product/specification.md §5, by vee-validate's names. */
export const rules = { ...presenceRules, ...textRules, ...numberRules, ...fileRules };

export type RuleName = keyof typeof rules;
type ParamsOf<Rule> = Rule extends RuleDefinition<infer Params> ? Params : never;

/** Rules for one field with their params (`true` when a rule takes none), run in the order written. */
export type RuleSet = { readonly [Name in RuleName]?: ParamsOf<(typeof rules)[Name]> };

export interface FieldRules {
  /** The field's name as the user sees it: "The {label} field is required". */
  label: MessageKey;
  rules: RuleSet;
  /** Per-rule messages for this field, in place of the rule's own. */
  messages?: Partial<Record<RuleName, MessageKey>>;
}

/** A rule as the engine calls it, with the params written for it in a RuleSet (checked there). */
const definitionOf = (name: RuleName): RuleDefinition<unknown> => rules[name];

function failure(name: RuleName, params: unknown, field: FieldRules): Message {
  const values: Record<string, MessageValue> = { field: message(field.label) };
  for (const [param, value] of Object.entries(definitionOf(name).messageParams?.(params) ?? {})) {
    const text = paramValue(value);
    if (text !== undefined) values[param] = text;
  }
  return message(field.messages?.[name] ?? ruleMessageKeys[name], values);
}

/**
 * The first failing rule's message (in no language yet: each side renders it), or undefined when
 * the value passes: the rules that make a field
 * required run first; a field that is not required and empty passes; then the rest, in order.
 */
export function firstError(value: unknown, field: FieldRules, context: RuleContext = {}): Message | undefined {
  const entries = (Object.keys(field.rules) as RuleName[]).map((name) => ({
    name,
    params: field.rules[name],
    rule: definitionOf(name),
  }));
  let isRequired = false;
  for (const { name, params, rule } of entries) {
    if (!rule.requires) continue;
    isRequired ||= rule.requires(params, context);
    if (!rule.validate(value, params, context)) return failure(name, params, field);
  }
  if (!isRequired && isEmptyValue(value)) return undefined;
  for (const { name, params, rule } of entries) {
    if (rule.requires) continue;
    if (!rule.validate(value, params, context)) return failure(name, params, field);
  }
  return undefined;
}
