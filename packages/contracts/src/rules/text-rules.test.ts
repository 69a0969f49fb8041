import { describe, expect, it } from 'vitest';
import { rules } from './validate';

interface RuleCases {
  rule: string;
  test: (value: unknown) => boolean;
  passes: unknown[];
  fails: unknown[];
}

const FAMILY = '👨‍👩‍👧'; // 5 code points: three people joined by two zero-width joiners

const cases: RuleCases[] = [
  {
    rule: 'alpha',
    test: (value) => rules.alpha.validate(value, true, {}),
    passes: [
      '',
      'abc',
      'ABCxyz',
      'Zoë',
      'محمد',
      'مُحَمَّد',
      'Ελένη',
      'Владимир',
      '日本',
      'e\u0301',
      'Zoëمحمد',
      ['abc', 'محمد'],
      [],
    ],
    fails: ['abc1', 'a b', 'a-b', "O'Brien", '😀', 'abc😀', '١٢٣', 123, ' ', ['abc', 'a1'], null, undefined, {}, true],
  },
  {
    rule: 'alpha_num',
    test: (value) => rules.alpha_num.validate(value, true, {}),
    passes: ['abc123', 'Zoë2', 'محمد١٢٣', '٣', '१२', 123, ['a1', 'b2']],
    fails: ['abc 123', 'abc-1', 'a_b', '12.5', -1, '😀', 'a😀', ['a1', 'b-2'], null],
  },
  {
    rule: 'alpha_dash',
    test: (value) => rules.alpha_dash.validate(value, true, {}),
    passes: ['abc-123_x', 'محمد_١', '-', '_', 'Zoë-Ann', 42],
    fails: ['a b', 'a.b', 'a@b', 'a\tb', '😀', ['a-b', 'a b'], null],
  },
  {
    rule: 'alpha_spaces',
    test: (value) => rules.alpha_spaces.validate(value, true, {}),
    // White space as vee-validate's \s: a no-break space pasted from elsewhere is still a space.
    passes: ['John Smith', 'محمد علي', ' ', 'a\u00a0b', 'a\tb', 'Zoë Ann', ['a b', 'c']],
    fails: ['John2', 'a-b', "O'Brien", 'a😀', '١', 12, ['a b', 'c1'], null],
  },
  {
    rule: 'email',
    test: (value) => rules.email.validate(value, true, {}),
    passes: [
      'user@example.com',
      'first.last+tag@sub.example.co.uk',
      '"john doe"@example.com',
      'user@[192.168.0.1]',
      'jörg@example.com',
      ['a@b.co', 'c@d.io'],
    ],
    fails: [
      '',
      'plain',
      'a@b',
      'a@b.c',
      'a @b.co',
      'a@b.co ',
      'a..b@c.co',
      '.a@b.co',
      'a@b_c.com',
      'a@例子.com',
      'a@b.co,c@d.io',
      ['a@b.co', 'nope'],
      42,
      null,
    ],
  },
  {
    rule: 'email (multiple)',
    test: (value) => rules.email.validate(value, { multiple: true }, {}),
    passes: ['a@b.co', 'a@b.co, c@d.io', 'a@b.co,c@d.io'],
    fails: ['a@b.co,', 'a@b.co, nope', 'a@b.co; c@d.io'],
  },
  {
    rule: 'regex',
    test: (value) => rules.regex.validate(value, /^\+?[0-9]{1,4}$/, {}),
    passes: ['+971', '1', '1234', 44, ['1', '+2']],
    fails: ['', '+', '12345', '+-1', '٩٧١', ' 1', ['1', 'x'], null, undefined],
  },
  {
    rule: 'min',
    test: (value) => rules.min.validate(value, 2, {}),
    // '😀' is one character although JavaScript's length says 2; vee-validate would let it through.
    passes: ['ab', 'محمد', '😀😀', FAMILY, 'e\u0301', 12, ['ab', 'cd'], []],
    fails: ['a', '😀', '', ' ', 1, ['ab', 'c'], null, undefined, {}],
  },
  {
    rule: 'max',
    test: (value) => rules.max.validate(value, 3, {}),
    passes: ['abc', '😀😀😀', 'علي', '', 123, ['abc', 'de'], null, undefined],
    fails: ['abcd', '😀😀😀😀', FAMILY, 1234, ['abcd'], ['a', 'bcde'], {}, true],
  },
  {
    rule: 'length',
    test: (value) => rules.length.validate(value, 3, {}),
    // A list is measured by its number of items, text by its characters.
    passes: ['abc', '😀😀😀', 'محم', 123, ['a', 'b', 'c'], ['long item', 'b', 'c']],
    fails: ['ab', 'abcd', '😀😀', ['a'], [], null, undefined, {}],
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

describe('regex flags', () => {
  it('gives the same answer every time for a global pattern', () => {
    const global = /^a/g;
    const answers = [1, 2, 3].map(() => rules.regex.validate('abc', global, {}));
    expect(answers).toEqual([true, true, true]);
    expect(global.lastIndex).toBe(0);
  });

  it('does not pin a sticky pattern to the start of the text', () => {
    expect(rules.regex.validate('ba', /a/y, {})).toBe(true);
  });

  it('keeps the other flags', () => {
    expect(rules.regex.validate('ABC', /^abc$/gi, {})).toBe(true);
    expect(rules.regex.validate('😀', /^.$/u, {})).toBe(true);
  });
});

describe('length with 0', () => {
  it.each([[''], [[]]])('accepts %j', (value) => {
    expect(rules.length.validate(value, 0, {})).toBe(true);
  });
});
