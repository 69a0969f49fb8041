/** Other fields' values, for the rules that compare with another field (confirmed, required_if). */
export type RuleContext = Readonly<{ values?: Readonly<Record<string, unknown>> }>;

export interface RuleDefinition<Params> {
  validate(value: unknown, params: Params, context: RuleContext): boolean;
  /** The values that fill the message's placeholders. */
  messageParams?(params: Params): Record<string, unknown>;
  /**
   * Rules that decide whether a value is needed at all (required, required_if): they run first, and
   * when none of them makes the field required, an empty value skips every other rule.
   */
  requires?(params: Params, context: RuleContext): boolean;
}

export const defineRule = <Params>(definition: RuleDefinition<Params>): RuleDefinition<Params> => definition;
