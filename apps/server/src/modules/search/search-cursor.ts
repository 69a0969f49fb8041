import { decodePageCursor, encodePageCursor, SEARCH_ROUTES, type SearchSort } from '@marketplace/contracts';
import type { SearchCursor } from './search-engine';

/** What a sort's key looks like as PostgreSQL writes it; anything else is not a cursor of ours. */
const TIME = /[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?[+-][0-9]{2}(:[0-9]{2})?/;
const KEY_PATTERNS: Record<SearchSort, RegExp> = {
  /** The tier (0: the words are in the title, 1: some only in the description), then the time. */
  relevance: new RegExp(`^[01] ${TIME.source}$`),
  newest: new RegExp(`^${TIME.source}$`),
  price_asc: /^[0-9]{1,15}$/,
  price_desc: /^[0-9]{1,15}$/,
  /** The chord to the search's place on the unit sphere (0–2), as PostgreSQL writes a double: 0.25, 5.4e-06. */
  nearest: /^([0-2](\.[0-9]{1,25})?|[1-9](\.[0-9]{1,17})?e-[0-9]{2,3})$/,
};

/**
 * A page's start for a search (the contracts' `sortKey` cursor): the sort it was made for, the last
 * result's key and id, opaque to the client. A cursor of another sort, or one that was tampered
 * with, is refused (422).
 */
export function encodeSearchCursor(sort: SearchSort, { key, id }: SearchCursor): string {
  return encodePageCursor(SEARCH_ROUTES.results.cursor, { sort, key, id });
}

export function decodeSearchCursor(text: string, sort: SearchSort): SearchCursor | undefined {
  const decoded = decodePageCursor(SEARCH_ROUTES.results.cursor, text);
  if (!decoded || decoded.sort !== sort || !KEY_PATTERNS[sort].test(decoded.key)) return undefined;
  const { key, id } = decoded;
  if (sort === 'nearest') {
    const distance = Number(key);
    // PostgreSQL refuses a double too small to hold (2e-999) rather than read it as 0.
    return distance <= 2 && (distance >= 1e-300 || /^0(\.0+)?$/.test(key)) ? { key, id } : undefined;
  }
  if (sort !== 'price_asc' && sort !== 'price_desc' && !isRealTime(sort === 'relevance' ? key.slice(2) : key))
    return undefined;
  return { key, id };
}

/** A time PostgreSQL would accept: no 30 February, no 25 o'clock (it would answer with an error). */
function isRealTime(text: string): boolean {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = (text.match(/[0-9]+/g) ?? []).map(Number);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const [, offsetHours = '0', offsetMinutes = '0'] = /[+-]([0-9]{2})(?::([0-9]{2}))?$/.exec(text) ?? [];
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= days &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    Number(offsetHours) <= 15 &&
    Number(offsetMinutes) < 60
  );
}
