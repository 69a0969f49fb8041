import { CURSOR_PATTERN } from '../catalogue/api-addresses';
import type { ListingCondition } from '../catalogue/listing-fields';
import { message } from '../i18n/message';
import { isPlainText } from '../rules/values';
import { pricePeriods, tradeRules, type PricePeriod, type TradeKind } from '../catalogue/trade-kinds';
import { parseQuery, type QueryValues } from './query-values';
import {
  postedWithinDays,
  searchSorts,
  sellerTypes,
  SEARCH_LIMITS,
  type NumberRange,
  type PostedWithin,
  type SearchParams,
  type SearchPlace,
  type SearchProblems,
  type SearchSort,
  type SellerType,
} from './search-address';

export * from './search-address';
export { parseQuery, type QueryValues } from './query-values';

/**
 * The whole state of a search, as its address holds it (`/search?q=…&category=…`): the page reads
 * it from the address and the API from the same query string, with this one parser, so a shared
 * link, a reload and Back show the same results. Zod-free, for the public pages' budget.
 */

const conditions: readonly ListingCondition[] = ['new', 'like_new', 'good', 'fair', 'for_parts'];
const invalid = () => message('laravel.invalidValue');
const ATTRIBUTE_PREFIX = 'a.';
const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;
const ID = /^[1-9][0-9]{0,9}$/;
const WHOLE = /^[0-9]{1,12}$/;
const SLUG = /^[a-z0-9-]{1,60}$/;

const isId = (text: string) => ID.test(text) && Number(text) <= 2_147_483_647;
const list = (text: string) => text.split(',').filter((part) => part !== '');

/** Degrees with up to six decimals (about 10 cm): more says nothing a map point can. */
const NEAR = /^(-?[0-9]{1,2}(?:\.[0-9]{1,6})?),(-?[0-9]{1,3}(?:\.[0-9]{1,6})?)$/;

/** A place as the address writes it ("25.2048,55.2708"); undefined when it is not one. */
export function readPlace(text: string): SearchPlace | undefined {
  const match = NEAR.exec(text);
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  // -0 would write itself as "0" and back: one address per place.
  return { latitude: latitude + 0, longitude: longitude + 0 };
}

const RANGE = /^([0-9]{1,12}(?:\.[0-9]{1,4})?)?-([0-9]{1,12}(?:\.[0-9]{1,4})?)?$/;

/**
 * A category field's filter as the address writes it, read for that field's type: a list of
 * choices for an enum ("apple,samsung"), bounds for a number ("2015-2020", "2015-", "-2020", "2018"),
 * yes for a boolean ("1"). Undefined when the text is not one.
 */
export function attributeFilter(
  text: string,
  type: 'enum' | 'number' | 'boolean' | 'text',
): string[] | NumberRange | true | undefined {
  if (type === 'boolean') return text === '1' ? true : undefined;
  if (type === 'number') {
    const match = RANGE.exec(/^[0-9.]+$/.test(text) ? `${text}-${text}` : text);
    if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
    const bounds: NumberRange = {};
    if (match[1] !== undefined) bounds.min = Number(match[1]);
    if (match[2] !== undefined) bounds.max = Number(match[2]);
    return bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max ? undefined : bounds;
  }
  if (type === 'text') return undefined;
  const values = list(text);
  return values.length > 0 &&
    values.length <= SEARCH_LIMITS.valuesMax &&
    values.every((item) => /^[a-z0-9_-]{1,60}$/.test(item))
    ? [...new Set(values)]
    : undefined;
}

/**
 * The search in `query` (its text, or URLSearchParams), and a message per parameter that is not
 * one: the API answers 422 with them, the page shows the first page without them. Empty values are
 * left out; unknown parameters (a campaign's utm_…) are ignored.
 */
export function readSearchParams(query: string | QueryValues): { params: SearchParams; problems: SearchProblems } {
  const search = typeof query === 'string' ? parseQuery(query) : query;
  const params: SearchParams = {};
  const problems: SearchProblems = {};
  const value = (name: string) => {
    const found = search.getAll(name);
    if (found.length > 1) problems[name] = invalid();
    const text = found[0]?.trim() ?? '';
    return text === '' ? undefined : text;
  };

  const q = value('q');
  if (q !== undefined) {
    if (Array.from(q).length > SEARCH_LIMITS.queryMax) {
      problems.q = message('search.queryTooLong', { max: SEARCH_LIMITS.queryMax });
    } else if (!isPlainText(q)) problems.q = invalid();
    else params.q = q.normalize('NFKC').replaceAll(/\s+/g, ' ');
  }
  const category = value('category');
  if (category !== undefined) {
    if (SLUG.test(category)) params.category = category;
    else problems.category = invalid();
  }
  for (const name of ['min_price', 'max_price'] as const) {
    const text = value(name);
    if (text === undefined) continue;
    if (WHOLE.test(text) && Number(text) <= SEARCH_LIMITS.priceMaxAed) params[name] = Number(text);
    else problems[name] = message('search.priceInvalid');
  }
  if (params.min_price !== undefined && params.max_price !== undefined && params.min_price > params.max_price) {
    problems.max_price = message('search.priceRange');
  }
  const period = value('period');
  if (period !== undefined) {
    if ((pricePeriods as readonly string[]).includes(period)) params.period = period as PricePeriod;
    else problems.period = message('search.periodInvalid');
  }
  const condition = value('condition');
  if (condition !== undefined) {
    const chosen = list(condition);
    if (chosen.length <= conditions.length && chosen.every((item) => conditions.includes(item as ListingCondition))) {
      params.condition = [...new Set(chosen as ListingCondition[])];
    } else problems.condition = invalid();
  }
  const city = value('city');
  if (city !== undefined) {
    if (isId(city)) params.city = Number(city);
    else problems.city = invalid();
  }
  const neighborhoods = value('neighborhoods');
  if (neighborhoods !== undefined) {
    const ids = list(neighborhoods);
    if (ids.length <= SEARCH_LIMITS.valuesMax && ids.every(isId)) params.neighborhoods = [...new Set(ids.map(Number))];
    else problems.neighborhoods = invalid();
  }
  const sellerType = value('seller_type');
  if (sellerType !== undefined) {
    if ((sellerTypes as readonly string[]).includes(sellerType)) params.seller_type = sellerType as SellerType;
    else problems.seller_type = invalid();
  }
  const photos = value('photos');
  if (photos !== undefined) {
    if (photos === '1') params.photos = true;
    else problems.photos = invalid();
  }
  const posted = value('posted');
  if (posted !== undefined) {
    if (posted in postedWithinDays) params.posted = posted as PostedWithin;
    else problems.posted = invalid();
  }
  const sort = value('sort');
  if (sort !== undefined) {
    if ((searchSorts as readonly string[]).includes(sort)) params.sort = sort as SearchSort;
    else problems.sort = invalid();
  }
  const near = value('near');
  if (near !== undefined) {
    const place = readPlace(near);
    if (place) params.near = place;
    else problems.near = message('search.nearInvalid');
  }
  if (params.sort === 'nearest' && !params.near) {
    if (!problems.near) problems.sort = message('search.nearestNeedsPlace');
    delete params.sort;
  }
  const cursor = value('cursor');
  if (cursor !== undefined) {
    if (CURSOR_PATTERN.test(cursor)) params.cursor = cursor;
    else problems.cursor = invalid();
  }
  const limit = value('limit');
  if (limit !== undefined) {
    if (/^[0-9]{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= SEARCH_LIMITS.pageSizeMax) {
      params.limit = Number(limit);
    } else problems.limit = invalid();
  }

  const attributes: Record<string, string> = {};
  for (const name of new Set(search.keys())) {
    if (!name.startsWith(ATTRIBUTE_PREFIX)) continue;
    const key = name.slice(ATTRIBUTE_PREFIX.length);
    const text = value(name);
    if (text === undefined) continue;
    if (!ATTRIBUTE_KEY.test(key) || Object.keys(attributes).length >= SEARCH_LIMITS.valuesMax) {
      problems[name] = invalid();
      continue;
    }
    if (text.length <= 2000) attributes[key] = text;
    else problems[name] = invalid();
  }
  if (Object.keys(attributes).length > 0) params.attributes = attributes;
  return { params, problems };
}

/**
 * A rent category's price bounds without a period (an old link, a category chosen after the
 * bounds) are per year (decision 039): the page and the server's first data ask with
 * `period=year`, as the API refuses a rent's bound without its period (decision 045).
 */
export function withRentPeriod<T extends SearchParams>(params: T, tradeKind: TradeKind | null | undefined): T {
  const bounded = params.min_price !== undefined || params.max_price !== undefined;
  return tradeRules(tradeKind).pricePeriod && bounded && !params.period ? { ...params, period: 'year' } : params;
}
