import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor } from './page-cursor';

describe('page cursors', () => {
  it('write a time and an id as they always were: base64url of `time|id`', () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const text = encodePageCursor('timeAndId', { at, id: 42 });
    expect(text).toBe('MjAyNi0wMy0wNFQwNTowNjowNy4wODlafDQy');
    expect(decodePageCursor('timeAndId', text)).toEqual({ at, id: 42 });
  });

  it('write a search key as they always were: base64url of `[sort, key, id]` in JSON, accents and all', () => {
    const value = { sort: 'newest', key: '2026-01-01 10:00:00+00', id: 7 };
    const text = encodePageCursor('sortKey', value);
    expect(text).toBe('WyJuZXdlc3QiLCIyMDI2LTAxLTAxIDEwOjAwOjAwKzAwIiw3XQ');
    expect(decodePageCursor('sortKey', text)).toEqual(value);
    const accented = { sort: 'é', key: 'ü', id: 1 };
    expect(decodePageCursor('sortKey', encodePageCursor('sortKey', accented))).toEqual(accented);
  });

  it('write an id as its digits', () => {
    expect(encodePageCursor('id', 2_147_483_647)).toBe('2147483647');
    expect(decodePageCursor('id', '2147483647')).toBe(2_147_483_647);
    expect(decodePageCursor('bigintId', '9007199254740991')).toBe(9_007_199_254_740_991);
  });

  it.each([
    ['id', '2147483648'],
    ['id', '-1'],
    ['bigintId', '9007199254740993'],
    ['timeAndId', 'LTI3MTgyMS0wNC0yMFQwMDowMDowMC4wMDBafDE'],
    ['timeAndId', 'MjAzMC0wMS0wMVQwMDowMDowMC4wMDBafDIxNDc0ODM2NDg'],
    ['timeAndId', 'A'.repeat(101)],
    ['sortKey', 'bm90IGpzb24'],
    ['sortKey', 'WyJuZXdlc3QiLCJrIiwwXQ'],
    ['sortKey', 'bm90LWEtY3Vyc29y'],
  ] as const)('refuse a %s cursor that is not one: %s', (shape, text) => {
    expect(decodePageCursor(shape, text)).toBeUndefined();
  });
});
