import { describe, expect, it } from 'vitest';
import { translators } from '../i18n/all-catalogues';
import type { RuleContext } from './define-rule';
import { firstError as firstFailure, type FieldRules, type RuleSet } from './validate';

const field = (rules: FieldRules['rules'], messages?: FieldRules['messages']): FieldRules =>
  messages ? { label: 'field.first_name', rules, messages } : { label: 'field.first_name', rules };

/** The first failure as an English reader sees it. */
function firstError(value: unknown, rules: FieldRules, context?: RuleContext) {
  const failure = firstFailure(value, rules, context);
  return failure && translators.en.text(failure);
}

describe('firstError', () => {
  it('passes a value that meets every rule', () => {
    expect(firstError('Ada', field({ required: true, min: 2, max: 255, alpha: true }))).toBeUndefined();
  });

  it('runs required first, wherever it is written', () => {
    expect(firstError('', field({ min: 2, email: true, required: true }))).toBe('The First name field is required');
  });

  it('runs required_if first, wherever it is written', () => {
    const rules = { min: 2, required_if: { target: 'account_type', values: ['company'] } };
    expect(firstError('', field(rules), { values: { account_type: 'company' } })).toBe(
      'The First name field is required',
    );
  });

  it.each([[''], [null], [undefined], [[]]])('skips every other rule for an optional field left empty: %j', (value) => {
    expect(firstError(value, field({ min: 2, email: true, numeric: true, length: 5 }))).toBeUndefined();
  });

  it('skips the other rules when required_if does not apply and the value is empty', () => {
    const rules = { required_if: { target: 'account_type', values: ['company'] }, min: 2 };
    const individual = { values: { account_type: 'individual' } };
    expect(firstError('', field(rules), individual)).toBeUndefined();
    expect(firstError('A', field(rules), individual)).toBe('The First name field must be at least 2 characters');
  });

  it('checks a value of white space only, which is not empty until trimmed', () => {
    expect(firstError('  ', field({ alpha: true, min: 1 }))).toBe(
      'The First name field may only contain alphabetic characters',
    );
  });

  it('checks false, which is not an empty value', () => {
    expect(firstError(false, field({ oneOf: ['yes'] }))).toBe('The First name field is not a valid value');
  });

  it.each<{ rules: RuleSet; message: string }>([
    { rules: { min: 5, email: true }, message: 'The First name field must be at least 5 characters' },
    { rules: { email: true, min: 5 }, message: 'The First name field must be a valid email' },
  ])('reports only the first failing rule, in the order written: $rules', ({ rules, message }) => {
    expect(firstError('a', field(rules))).toBe(message);
  });

  it('runs the other rules on a required value that is present', () => {
    expect(firstError('a', field({ required: true, min: 2 }))).toBe(
      'The First name field must be at least 2 characters',
    );
  });

  it('uses the field’s own message for a rule, with its params', () => {
    const phone = field({ required: true, regex: /^[0-9]+$/, max: 12 }, { regex: 'rule.numeric', max: 'rule.length' });
    expect(firstError('12a', phone)).toBe('The First name field may only contain numeric characters');
    expect(firstError('1234567890123', phone)).toBe('The First name field must be 12 long');
    expect(firstError('', phone)).toBe('The First name field is required');
  });

  it('compares with other fields through the context', () => {
    const confirmation = field({ required: true, confirmed: { target: 'password' } });
    expect(firstError('secret', confirmation, { values: { password: 'secret' } })).toBeUndefined();
    expect(firstError('secret', confirmation, { values: { password: 'Secret' } })).toBe(
      'The First name field confirmation does not match',
    );
  });

  it('checks the value as given, without trimming it', () => {
    expect(firstError('a@b.co ', field({ email: true }))).toBe('The First name field must be a valid email');
  });

  it('passes any value when the field has no rules', () => {
    expect(firstError('anything', field({}))).toBeUndefined();
  });
});
