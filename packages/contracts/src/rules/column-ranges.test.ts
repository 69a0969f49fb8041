import { describe, expect, it } from 'vitest';
import { isBigintIdText, isInt4Id, isInt4IdText, isStorableTime, roundCoordinate } from './column-ranges';

describe('what PostgreSQL’s columns hold', () => {
  it('takes any time from 24 November 4714 BC on, and no Invalid Date', () => {
    for (const text of ['-004713-11-24T00:00:00.000Z', '0000-01-01T00:00:00Z', '1900-01-01T00:00:00Z']) {
      expect(isStorableTime(new Date(text)), text).toBe(true);
    }
    // Past PostgreSQL's last year (294276) no JavaScript Date goes: the last one is stored as it is.
    expect(isStorableTime(new Date('+275760-09-13T00:00:00.000Z'))).toBe(true);
    expect(isStorableTime(new Date('9999-12-31T23:59:59Z'))).toBe(true);
    for (const text of ['-004713-11-23T23:59:59.999Z', '-271821-04-20T00:00:00.000Z', 'not a time']) {
      expect(isStorableTime(new Date(text)), text).toBe(false);
    }
  });

  it('takes integer ids from 1 to 2 147 483 647, as numbers and as text', () => {
    expect([1, 2_147_483_647].map(isInt4Id)).toEqual([true, true]);
    expect([0, -1, 2_147_483_648, 1.5, 2 ** 53, Number.NaN].map(isInt4Id)).toEqual(Array(6).fill(false));
    expect(['1', '2147483647'].map(isInt4IdText)).toEqual([true, true]);
    expect(['0', '01', '2147483648', '9999999999', '1e3', '-1', ' 1', ''].map(isInt4IdText)).toEqual(
      Array(8).fill(false),
    );
  });

  it('takes bigint ids JavaScript reads exactly, and no larger', () => {
    expect(['1', '9007199254740991'].map(isBigintIdText)).toEqual([true, true]);
    expect(['9007199254740992', '9223372036854775807', '0', '1.5'].map(isBigintIdText)).toEqual(Array(4).fill(false));
  });

  it('keeps six decimals of a coordinate, so no subnormal or −0 reaches radians()', () => {
    expect(roundCoordinate(25.2048123456)).toBe(25.204812);
    expect(roundCoordinate(55.27)).toBe(55.27);
    expect(roundCoordinate(-180)).toBe(-180);
    for (const tiny of [5e-324, 5.4e-323, 2.2250738585072014e-308, -2.2250738585072014e-308, -0, -1e-7]) {
      expect(Object.is(roundCoordinate(tiny), 0), String(tiny)).toBe(true);
    }
  });
});
