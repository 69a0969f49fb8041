import { describe, expect, it } from 'vitest';
import { rules } from './validate';

describe('required', () => {
  it.each([['a'], [' a '], [0], [false], ['false'], [['x']], [{}]])('accepts %j', (value) => {
    expect(rules.required.validate(value, true, {})).toBe(true);
  });

  it.each([[''], ['   '], ['\t\n'], ['\u00a0'], [null], [undefined], [[]]])('rejects %j', (value) => {
    expect(rules.required.validate(value, true, {})).toBe(false);
  });

  it('treats false as empty when allowFalse is false, as for a checkbox that must be ticked', () => {
    expect(rules.required.validate(false, { allowFalse: false }, {})).toBe(false);
    expect(rules.required.validate(true, { allowFalse: false }, {})).toBe(true);
    expect(rules.required.validate(false, { allowFalse: true }, {})).toBe(true);
  });

  it('always makes the field required', () => {
    expect(rules.required.requires?.(true, {})).toBe(true);
  });
});

describe('required_if', () => {
  const companyName = { target: 'account_type', values: ['company'] } as const;
  const when = (accountType: unknown) => ({ values: { account_type: accountType } });

  it.each([
    { accountType: 'company', value: 'Acme', valid: true },
    { accountType: 'company', value: '', valid: false },
    { accountType: 'company', value: '   ', valid: false },
    { accountType: 'company', value: null, valid: false },
    { accountType: 'company', value: [], valid: false },
    { accountType: 'company', value: false, valid: false },
    { accountType: ' company ', value: '', valid: false },
    { accountType: 'individual', value: '', valid: true },
    { accountType: 'Company', value: '', valid: true },
    { accountType: undefined, value: '', valid: true },
  ])('with account type $accountType, $value is valid: $valid', ({ accountType, value, valid }) => {
    expect(rules.required_if.validate(value, companyName, when(accountType))).toBe(valid);
    expect(rules.required_if.requires?.(companyName, when(accountType))).toBe(String(accountType).trim() === 'company');
  });

  it('matches a number among the values with its text', () => {
    const params = { target: 'floors', values: [1] };
    expect(rules.required_if.validate('', params, { values: { floors: '1' } })).toBe(false);
    expect(rules.required_if.validate('', params, { values: { floors: 1 } })).toBe(false);
    expect(rules.required_if.validate('', params, { values: { floors: '01' } })).toBe(true);
  });

  it.each([
    { other: 'anything', required: true },
    { other: 0, required: true },
    { other: '', required: false },
    { other: '  ', required: false },
    { other: null, required: false },
    { other: [], required: false },
    { other: false, required: false },
  ])('without values, $other in the other field makes it required: $required', ({ other, required }) => {
    const params = { target: 'website' };
    expect(rules.required_if.requires?.(params, { values: { website: other } })).toBe(required);
    expect(rules.required_if.validate('', params, { values: { website: other } })).toBe(!required);
  });
});

describe('confirmed', () => {
  const params = { target: 'password' };

  it.each([
    { value: 'secret', password: 'secret', valid: true },
    { value: 'كلمة😀', password: 'كلمة😀', valid: true },
    { value: 1234, password: '1234', valid: true },
    { value: 'Secret', password: 'secret', valid: false },
    { value: 'secret ', password: 'secret', valid: false },
    { value: 'secret', password: undefined, valid: false },
    { value: '[object Object]', password: {}, valid: false },
  ])('$value against $password is valid: $valid', ({ value, password, valid }) => {
    expect(rules.confirmed.validate(value, params, { values: { password } })).toBe(valid);
  });

  it('fails when no other values are given', () => {
    expect(rules.confirmed.validate('secret', params, {})).toBe(false);
  });
});

describe('oneOf', () => {
  it.each([
    { value: 'M', options: ['M', 'F'], valid: true },
    { value: ['M', 'F'], options: ['M', 'F'], valid: true },
    { value: 'm', options: ['M', 'F'], valid: false },
    { value: ' M', options: ['M', 'F'], valid: false },
    { value: ['M', 'X'], options: ['M', 'F'], valid: false },
    { value: '', options: ['M', 'F'], valid: false },
    { value: null, options: ['M', 'F'], valid: false },
    { value: '1', options: [1, 2], valid: true },
    { value: 2, options: ['1', '2'], valid: true },
    { value: '01', options: [1, 2], valid: false },
    { value: '1.0', options: [1, 2], valid: false },
    // vee-validate's == would take '' for 0 and true for 1.
    { value: '', options: [0, 1], valid: false },
    { value: true, options: [1], valid: false },
    { value: 'محمد', options: ['محمد'], valid: true },
  ])('$value in $options is $valid', ({ value, options, valid }) => {
    expect(rules.oneOf.validate(value, options, {})).toBe(valid);
  });
});

describe('excluded', () => {
  it.each([
    { value: 'alice', options: ['admin', 'root'], valid: true },
    { value: 'Admin', options: ['admin', 'root'], valid: true },
    { value: ['alice', 'bob'], options: ['admin', 'root'], valid: true },
    { value: 'admin', options: ['admin', 'root'], valid: false },
    // Any excluded item fails the list (vee-validate fails it only when all are).
    { value: ['alice', 'admin'], options: ['admin', 'root'], valid: false },
    { value: '0', options: [0], valid: false },
    { value: '', options: [0], valid: true },
    { value: null, options: ['admin'], valid: true },
  ])('$value against $options is $valid', ({ value, options, valid }) => {
    expect(rules.excluded.validate(value, options, {})).toBe(valid);
  });
});
