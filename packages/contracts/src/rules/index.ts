export type { RuleContext, RuleDefinition } from './define-rule';
export type { FileFacts } from './file-rules';
export * from './column-ranges';
export { DEFAULT_RULE_MESSAGE_KEY, ruleMessageKeys } from './messages';
export { boundedWholeNumber, coordinate, numberProblem, type NumberBounds } from './number-fields';
export { firstError, rules, type FieldRules, type RuleName, type RuleSet } from './validate';
export { characterCount, isEmptyValue, isPlainText } from './values';
export { ruledText } from './zod-fields';
