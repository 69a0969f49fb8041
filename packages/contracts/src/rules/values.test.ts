import { describe, expect, it } from 'vitest';
import { characterCount, isEmptyValue, isPlainText } from './values';

describe('characterCount', () => {
  it.each([
    { text: '', count: 0 },
    { text: 'abc', count: 3 },
    { text: 'محمد', count: 4 },
    { text: '٠١٢٣', count: 4 },
    { text: '😀', count: 1 },
    { text: 'a😀b', count: 3 },
    // Code points, not what the eye sees: a decomposed é is two, a skin tone or a joined family more.
    { text: 'e\u0301', count: 2 },
    { text: '👍🏽', count: 2 },
    { text: '👨‍👩‍👧', count: 5 },
  ])('counts $count characters in "$text"', ({ text, count }) => {
    expect(characterCount(text)).toBe(count);
  });
});

describe('isEmptyValue', () => {
  it.each([[''], [null], [undefined], [[]]])('takes %j as empty', (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });

  it.each([[' '], [0], [false], [['']], [{}], ['0']])('takes %j as a value', (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });
});

describe('isPlainText', () => {
  it.each([['Amira'], ['محمد الأحمد'], ['Zoë 😀'], ['e\u0301'], ['\u200f\u202e'], ['']])('accepts %j', (text) => {
    expect(isPlainText(text)).toBe(true);
  });

  it.each([
    ['NUL, which PostgreSQL cannot store', 'a\u0000b'],
    ['a line break in one-line text', 'a\nb'],
    ['a tab in one-line text', 'a\tb'],
    ['an escape sequence', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085'],
    ['an unpaired high surrogate', 'a\uD800b'],
    ['an unpaired low surrogate', '\uDC00'],
    ['two high surrogates', '\uD83D\uD83D'],
  ])('refuses %s', (_label, text) => {
    expect(isPlainText(text)).toBe(false);
  });

  it('lets multi-line text keep its tabs and line breaks, and nothing else', () => {
    expect(isPlainText('line 1\r\n\tline 2', { multiline: true })).toBe(true);
    expect(isPlainText('a\u0000b', { multiline: true })).toBe(false);
    expect(isPlainText('a\uD800', { multiline: true })).toBe(false);
  });
});
