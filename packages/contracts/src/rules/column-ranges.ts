/**
 * What PostgreSQL's columns hold, for every number and time a request carries to SQL: a value past
 * them is the caller's mistake (a 422, or a cursor that is not one), never PostgreSQL's error (a 500).
 * Web and server check with these same functions.
 */

/** An `integer` (int4) column: ids, quantities, fees. */
export const INT4_MAX = 2_147_483_647;

/** An id of an `integer` column, as a number: 1 up to INT4_MAX. */
export const isInt4Id = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= INT4_MAX;

/** An id in text (a path, a query string, a cursor): decimal digits naming an `integer` column's id. */
export const isInt4IdText = (text: string): boolean => /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= INT4_MAX;

/** A `bigint` id the way JavaScript reads it: exactly, so no larger than 2^53 − 1 (a bigint goes further). */
export const isBigintIdText = (text: string): boolean =>
  /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text));

/**
 * The first instant a `timestamptz` holds: 24 November 4714 BC, 00:00 UTC (year −4713 in JavaScript's
 * count, which has a year 0). Its last (294276 AD) is past any JavaScript Date (275760 AD).
 */
export const TIMESTAMPTZ_MIN_MS = Date.UTC(-4713, 10, 24);

/** A Date that is one (not Invalid Date) and that a `timestamptz` column holds. */
export const isStorableTime = (date: Date): boolean => {
  const time = date.getTime();
  return Number.isFinite(time) && time >= TIMESTAMPTZ_MIN_MS;
};

/**
 * Map coordinates keep six decimals (about 10 cm), as the map pin gives them. Rounding also turns a
 * subnormal (5e-324), on which PostgreSQL's radians() underflows, into 0, and −0 into 0.
 */
export const COORDINATE_DECIMALS = 6;

export const roundCoordinate = (degrees: number): number => {
  const scale = 10 ** COORDINATE_DECIMALS;
  return Math.round(degrees * scale) / scale + 0;
};
