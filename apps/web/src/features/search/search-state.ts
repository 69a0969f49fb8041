import { searchQueryString, type SearchParams } from '@marketplace/contracts/catalogue-essentials';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pageLinks, paths } from '../../lib/paths';
import type { SearchQuery } from './api/search';

type SearchReader = (search: string) => SearchParams;
let reader: SearchReader | undefined;
let loadReader: (() => Promise<void>) | undefined;

/**
 * The address's parser (readSearchParams), once a page has it: /search with its own code; a
 * category page when its address has a query (setSearchReaderLoader).
 */
export function setSearchReader(read: (search: string) => { params: SearchParams }) {
  reader = (search) => read(search).params;
}

/**
 * How a page whose plain first visit does without the parser (a category page) loads it for an
 * address with a query: one promise, the same each time it is asked, that calls setSearchReader.
 */
export function setSearchReaderLoader(load: () => Promise<void>) {
  loadReader = load;
}

/** A change to the search: a field given `undefined` is taken out of it. */
export type SearchPatch = { [K in keyof SearchQuery]?: SearchQuery[K] | undefined };

/** The search page's address for `query` (from its first page). */
export function searchHref(query: SearchParams): string {
  const text = searchQueryString(query);
  return text ? `${paths.search}?${text}` : paths.search;
}

/**
 * A category page's address for `query`: the category's own clean address with the rest of the
 * search in its query string (`/c/cars?a.make=toyota&max_price=50000`); without a category, /search.
 */
export function categoryHref(query: SearchParams): string {
  if (!query.category) return searchHref(query);
  const rest: SearchParams = { ...query };
  delete rest.category;
  const text = searchQueryString(rest);
  return text ? `${pageLinks.category(query.category)}?${text}` : pageLinks.category(query.category);
}

/**
 * How many filters the search has, as its chips count them (search-chips.tsx): the Filters button
 * says so without the chips' code. A category page's own category is not one.
 */
export function chosenCount(query: SearchQuery, scoped = false): number {
  const one = [
    query.q,
    !scoped && query.category,
    query.min_price !== undefined || query.max_price !== undefined || query.period,
    query.city !== undefined,
    query.seller_type,
    query.posted,
    query.photos,
  ].filter(Boolean).length;
  const many = (query.condition?.length ?? 0) + (query.neighborhoods?.length ?? 0);
  return one + many + Object.keys(query.attributes ?? {}).length;
}

/** `query` with `patch` applied; a new category takes the old one's field filters away. */
export function patched(query: SearchQuery, patch: SearchPatch): SearchQuery {
  const newCategory = 'category' in patch && patch.category !== query.category;
  const entries = Object.entries({ ...query, ...patch }).filter(([name, value]) => {
    if (name === 'attributes' && newCategory) return false;
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return false;
    return !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
  });
  return Object.fromEntries(entries);
}

/** The search as the address holds it, a way to change it, and the address of any other search. */
export interface SearchState {
  query: SearchQuery;
  /** The cursor the results start from (a Load more link's page), if any. */
  start: string | undefined;
  change: (patch: SearchPatch) => void;
  /** The address of a search: /search's, or the category page's for a category page. */
  href: (query: SearchParams) => string;
}

/**
 * The search as the address holds it, and a way to change it: each change is a new history entry,
 * so Back undoes it, and starts from the first page. On a category page (`category`, the slug its
 * path names) the search is scoped to that category and stays on its clean address: the query
 * string holds the rest, and a `category` parameter in it is not read.
 */
export function useSearchState(category?: string): SearchState {
  const { search } = useLocation();
  const navigate = useNavigate();
  const plain = search === '' || search === '?';
  // An address with a query waits for its parser (a few hundred bytes, already on its way).
  // Suspended the way a lazy component is (a thrown promise), only until it has arrived.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's own protocol
  if (!plain && !reader && loadReader) throw loadReader();
  const params = useMemo(() => (plain || !reader ? {} : reader(search)), [plain, search]);
  return useMemo(() => {
    const { cursor, ...asked } = params;
    const query = category ? { ...asked, category } : asked;
    const href = category ? categoryHref : searchHref;
    return {
      query,
      start: cursor,
      // A filter changes the results, not the page: the reader stays where the filter is.
      change: (patch: SearchPatch) => void navigate(href(patched(query, patch)), { preventScrollReset: true }),
      href,
    };
  }, [params, navigate, category]);
}
