import { describe, expect, it } from 'vitest';
import type { RuleContext } from './define-rule';
import type { FileFacts } from './file-rules';
import { translators } from '../i18n/all-catalogues';
import { message } from '../i18n/message';
import { ruleMessageKeys } from './messages';
import { firstError, rules, type RuleName, type RuleSet } from './validate';

const photo = (facts: Partial<FileFacts>): FileFacts => ({ name: 'photo.png', type: 'image/png', size: 1, ...facts });

interface MessageCase {
  name: RuleName;
  rules: RuleSet;
  value: unknown;
  context?: RuleContext;
  message: string;
}

/** One failing value per rule, with the message a user of a field labelled "First name" reads. */
const cases: MessageCase[] = [
  { name: 'alpha', rules: { alpha: true }, value: 'a1', message: 'may only contain alphabetic characters' },
  { name: 'alpha_num', rules: { alpha_num: true }, value: 'a-1', message: 'may only contain alpha-numeric characters' },
  {
    name: 'alpha_dash',
    rules: { alpha_dash: true },
    value: 'a b',
    message: 'may contain alpha-numeric characters as well as dashes and underscores',
  },
  {
    name: 'alpha_spaces',
    rules: { alpha_spaces: true },
    value: 'a1',
    message: 'may only contain alphabetic characters as well as spaces',
  },
  { name: 'between', rules: { between: { min: 1, max: 10 } }, value: '11', message: 'must be between 1 and 10' },
  {
    name: 'confirmed',
    rules: { confirmed: { target: 'password' } },
    value: 'secret',
    context: { values: { password: 'other' } },
    message: 'confirmation does not match',
  },
  { name: 'digits', rules: { digits: 4 }, value: '123', message: 'must be numeric and exactly contain 4 digits' },
  {
    name: 'dimensions',
    rules: { dimensions: { width: 80, height: 60 } },
    value: photo({ width: 60, height: 80 }),
    message: 'must be 80 pixels by 60 pixels',
  },
  { name: 'email', rules: { email: true }, value: 'someone', message: 'must be a valid email' },
  { name: 'excluded', rules: { excluded: ['admin'] }, value: 'admin', message: 'is not a valid value' },
  { name: 'ext', rules: { ext: ['png'] }, value: photo({ name: 'a.gif' }), message: 'is not a valid file' },
  { name: 'image', rules: { image: true }, value: photo({ name: 'a.pdf' }), message: 'must be an image' },
  { name: 'integer', rules: { integer: true }, value: '1.5', message: 'must be an integer' },
  { name: 'length', rules: { length: 3 }, value: 'ab', message: 'must be 3 long' },
  { name: 'max_value', rules: { max_value: 10 }, value: '11', message: 'must be 10 or less' },
  { name: 'max', rules: { max: 3 }, value: 'abcd', message: 'may not be greater than 3 characters' },
  {
    name: 'mimes',
    rules: { mimes: ['image/png'] },
    value: photo({ type: 'text/plain' }),
    message: 'must have a valid file type',
  },
  { name: 'min_value', rules: { min_value: 18 }, value: '17', message: 'must be 18 or more' },
  { name: 'min', rules: { min: 2 }, value: 'a', message: 'must be at least 2 characters' },
  { name: 'numeric', rules: { numeric: true }, value: 'a', message: 'may only contain numeric characters' },
  { name: 'oneOf', rules: { oneOf: ['M', 'F'] }, value: 'X', message: 'is not a valid value' },
  { name: 'regex', rules: { regex: /^a$/ }, value: 'b', message: 'format is invalid' },
  {
    name: 'required_if',
    rules: { required_if: { target: 'account_type', values: ['company'] } },
    value: '',
    context: { values: { account_type: 'company' } },
    message: 'is required',
  },
  { name: 'required', rules: { required: true }, value: '', message: 'is required' },
  { name: 'size', rules: { size: 100 }, value: photo({ size: 200 * 1024 }), message: 'size must be less than 100KB' },
  { name: 'double', rules: { double: true }, value: '1,5', message: 'must be a valid decimal' },
];

describe('rule messages', () => {
  it('covers every rule of the set', () => {
    expect(cases.map(({ name }) => name).sort()).toEqual(Object.keys(rules).sort());
  });

  it('has a message for every rule, so none falls back to the default', () => {
    expect(Object.keys(ruleMessageKeys).sort()).toEqual(Object.keys(rules).sort());
  });

  it.each(cases)('$name says "The First name field $message"', ({ rules: fieldRules, value, context, message }) => {
    const failure = firstError(value, { label: 'field.first_name', rules: fieldRules }, context);
    expect(failure && translators.en.text(failure)).toBe(`The First name field ${message}`);
  });

  it.each(cases)('$name has its own Arabic wording, naming the field', ({ rules: fieldRules, value, context }) => {
    const failure = firstError(value, { label: 'field.first_name', rules: fieldRules }, context);
    const arabic = failure && translators.ar.text(failure);
    expect(arabic).toContain('الاسم الأول');
    expect(arabic).not.toMatch(/[A-Za-z]/);
  });
});

describe('rule message params', () => {
  it('fills the params in their placeholders', () => {
    const failure = firstError('11', { label: 'field.first_name', rules: { between: { min: 18, max: 120 } } });
    expect(failure?.values).toMatchObject({ min: 18, max: 120 });
    expect(failure && translators.en.text(failure)).toBe('The First name field must be between 18 and 120');
  });

  it('gives the default message for a field', () => {
    expect(translators.en.t('rule.default', { field: message('field.timezone') })).toBe('Timezone is not valid.');
    expect(translators.ar.t('rule.default', { field: message('field.timezone') })).toBe(
      'قيمة المنطقة الزمنية غير صالحة.',
    );
  });

  it('joins a list param with commas', () => {
    const failure = firstError(
      '',
      {
        label: 'field.first_name',
        rules: { required_if: { target: 'type', values: ['a', 'b'] } },
      },
      { values: { type: 'a' } },
    );
    expect(failure?.values).toMatchObject({ target: 'type', values: 'a, b' });
  });

  it('counts characters with Arabic plural forms', () => {
    const min = (length: number) => translators.ar.text(message('rule.min', { field: message('field.area'), length }));
    expect([1, 2, 3, 11, 100].map(min)).toEqual([
      'يجب ألا يقل حقل المنطقة عن حرف واحد',
      'يجب ألا يقل حقل المنطقة عن حرفين',
      'يجب ألا يقل حقل المنطقة عن 3 أحرف',
      'يجب ألا يقل حقل المنطقة عن 11 حرفًا',
      'يجب ألا يقل حقل المنطقة عن 100 حرف',
    ]);
  });

  it('keeps labels with Arabic and emoji as they are', () => {
    expect(translators.en.t('rule.required', { field: 'الاسم 😀' })).toBe('The الاسم 😀 field is required');
  });
});
