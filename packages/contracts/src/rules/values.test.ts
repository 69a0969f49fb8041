import { describe, expect, it } from 'vitest';
import { characterCount, isEmptyValue } from './values';

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
