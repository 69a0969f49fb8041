import { describe, expect, it } from 'vitest';
import { rules } from './validate';

interface RuleCases {
  rule: string;
  test: (value: unknown) => boolean;
  passes: unknown[];
  fails: unknown[];
}

const cases: RuleCases[] = [
  {
    rule: 'between 1 and 10',
    test: (value) => rules.between.validate(value, { min: 1, max: 10 }, {}),
    passes: [1, 10, 5.5, '5', ' 5 ', '5.5', '+5', '1e1', '.5e1', ['2', 3]],
    // Number() would read '0x5' as 5 and ' ' as 0; only decimal notation counts here.
    fails: [
      0,
      11,
      10.01,
      '0',
      '0x5',
      '0b1',
      '',
      ' ',
      'abc',
      '5a',
      '٥',
      NaN,
      Infinity,
      'Infinity',
      null,
      true,
      ['2', '11'],
    ],
  },
  {
    rule: 'min_value 18',
    test: (value) => rules.min_value.validate(value, 18, {}),
    passes: [18, 1e3, '18', '18.0', '18.', '99', [18, '20']],
    fails: [17.99, -18, '17', '', '0x20', 'eighteen', '١٨', null, undefined, [20, 10]],
  },
  {
    rule: 'max_value 100',
    test: (value) => rules.max_value.validate(value, 100, {}),
    passes: [100, -5, 0, '0', '-5', '100.00', [1, '2']],
    fails: [101, '100.01', '1e3', '', '0b1', '-Infinity', 'abc', null, ['1', '101']],
  },
  {
    rule: 'numeric',
    test: (value) => rules.numeric.validate(value, true, {}),
    // Western or Arabic-Indic digits, but not both in one value, as vee-validate.
    passes: ['0', '0123', '٠١٢٣', 123, 0, ['1', '٢']],
    fails: ['', '-1', '+1', '1.5', '1 2', ' 1', '١2', '١٢٣a', '۱۲۳', -1, 1.5, null, ['1', 'x']],
  },
  {
    rule: 'integer',
    test: (value) => rules.integer.validate(value, true, {}),
    passes: ['0', '-12', '007', 42, -42, ['1', '-2']],
    fails: ['', '1.0', '+1', '1e3', ' 1', '٣', '--1', 1.5, 1e21, null, ['1', 'x']],
  },
  {
    rule: 'digits 4',
    test: (value) => rules.digits.validate(value, 4, {}),
    passes: ['1234', '0000', 1234, ['1234', '5678']],
    fails: ['123', '12345', '12a4', '-123', '+123', ' 1234', '١٢٣٤', 12.5, -123, null, ['1234', '567']],
  },
  {
    rule: 'double',
    test: (value) => rules.double.validate(value, true, {}),
    passes: ['12', '-12', '12.5', '0.001', 12.5, 3, ['1.5', '2']],
    fails: ['', '12.', '.5', '12,5', '1.2.3', '+1.5', '1e3', ' 12', 'abc', '١٢.٥', null, ['1.5', 'x']],
  },
  {
    rule: 'double with 2 decimals',
    test: (value) => rules.double.validate(value, { decimals: 2 }, {}),
    passes: ['12', '12.50', '-0.99', 12.25],
    fails: ['12.5', '12.505', '12.', 12.5],
  },
  {
    rule: 'double with a decimal comma',
    test: (value) => rules.double.validate(value, { separator: 'comma' }, {}),
    passes: ['12,5', '12', '-0,25'],
    fails: ['12.5', '12,', '1,2,3'],
  },
];

describe.each(cases)('$rule', ({ test, passes, fails }) => {
  it.each(passes.map((value) => [value]))('accepts %j', (value) => {
    expect(test(value)).toBe(true);
  });

  it.each(fails.map((value) => [value]))('rejects %j', (value) => {
    expect(test(value)).toBe(false);
  });
});
