import type { ListingCondition } from '../catalogue/listing-fields';
import type { PricePeriod } from '../catalogue/trade-kinds';
import type { Message } from '../i18n/message';

/*
 * A search's state and its address: the types, and how a search writes its query string. Apart
 * from the parser (search-params.ts), so a page that only writes addresses (a category page's plain
 * first visit) does not download the reader.
 */

/** `nearest` needs a place to measure from (`near`): without one it is not a sort. */
export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'nearest'] as const;
export type SearchSort = (typeof searchSorts)[number];

export const postedWithinDays = { '1d': 1, '7d': 7, '30d': 30 } as const;
export type PostedWithin = keyof typeof postedWithinDays;

export const sellerTypes = ['individual', 'company'] as const;
export type SellerType = (typeof sellerTypes)[number];

export const SEARCH_LIMITS = {
  /** Characters of a query: more is not a search but a paste. */
  queryMax: 100,
  /** Whole dirhams: prices in the address are what people type, not fils. */
  priceMaxAed: 100_000_000,
  valuesMax: 30,
  pageSizeDefault: 24,
  pageSizeMax: 48,
  suggestionsMax: 8,
} as const;

/** A place on the map in degrees: where a search measures distances from (`near=25.2048,55.2708`). */
export interface SearchPlace {
  latitude: number;
  longitude: number;
}

/** A number filter of a category's own field: either bound may be left open. */
export interface NumberRange {
  min?: number;
  max?: number;
}

export interface SearchParams {
  q?: string;
  category?: string;
  min_price?: number;
  max_price?: number;
  /**
   * What a rent's price is for (`period=year`): only rents of that period, so a price bound
   * compares like with like (a rent category's yearly and monthly rents never mix, issue 32).
   */
  period?: PricePeriod;
  condition?: ListingCondition[];
  city?: number;
  neighborhoods?: number[];
  seller_type?: SellerType;
  photos?: true;
  posted?: PostedWithin;
  sort?: SearchSort;
  /** Where distances are measured from: shown on each result, and the origin of `nearest`. */
  near?: SearchPlace;
  /**
   * The category's filterable fields as the address has them (`a.brand=apple,samsung`,
   * `a.year=2015-2020`), by key; `attributeFilter` reads each for its field's type.
   */
  attributes?: Record<string, string>;
  cursor?: string;
  limit?: number;
}

export type SearchProblems = Partial<Record<string, Message>>;

const ATTRIBUTE_PREFIX = 'a.';

/** A place as the address writes it, to `decimals` places (3: about 100 m, enough to sort by and no more precise). */
export const placeText = ({ latitude, longitude }: SearchPlace, decimals = 6) => {
  const round = (value: number) => Number(value.toFixed(decimals)) + 0;
  return `${round(latitude)},${round(longitude)}`;
};

/** A number field's bounds as the address writes them. */
export const rangeText = ({ min, max }: NumberRange) =>
  min !== undefined && min === max ? String(min) : `${min ?? ''}-${max ?? ''}`;

/**
 * The query string of a search, its parameters always in one order and nothing empty or default
 * in it: one address per search, for links, the browser's history and the API's cache alike.
 */
export function searchQueryString(params: SearchParams): string {
  const pairs: [string, string][] = [];
  const add = (name: string, text: string | undefined) => {
    if (text !== undefined && text !== '') pairs.push([name, text]);
  };
  add('q', params.q);
  add('category', params.category);
  for (const [key, filter] of Object.entries(params.attributes ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    add(`${ATTRIBUTE_PREFIX}${key}`, filter);
  }
  add('min_price', params.min_price?.toString());
  add('max_price', params.max_price?.toString());
  add('period', params.period);
  add('condition', params.condition?.join(','));
  add('city', params.city?.toString());
  add('neighborhoods', params.neighborhoods?.join(','));
  add('seller_type', params.seller_type);
  add('photos', params.photos ? '1' : undefined);
  add('posted', params.posted);
  const sort = effectiveSort(params);
  add('near', params.near && placeText(params.near));
  add('sort', sort === (params.q ? 'relevance' : 'newest') ? undefined : sort);
  add('cursor', params.cursor);
  add('limit', params.limit?.toString());
  return pairs
    .map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text).replaceAll('%2C', ',')}`)
    .join('&');
}

/**
 * The sort a search uses when none is chosen: relevance for words, newest for filters alone; and
 * never nearest without a place.
 */
export function effectiveSort({ q, sort, near }: SearchParams): SearchSort {
  if (sort === 'nearest' && !near) return q ? 'relevance' : 'newest';
  if (!q) return sort === undefined || sort === 'relevance' ? 'newest' : sort;
  return sort ?? 'relevance';
}
