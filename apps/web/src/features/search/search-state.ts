import { readSearchParams, searchQueryString, type SearchParams } from '@marketplace/contracts/catalogue-essentials';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import type { SearchQuery } from './api/search';

/** A change to the search: a field given `undefined` is taken out of it. */
export type SearchPatch = { [K in keyof SearchQuery]?: SearchQuery[K] | undefined };

/** The search page's address for `query` (from its first page). */
export function searchHref(query: SearchParams): string {
  const text = searchQueryString(query);
  return text ? `${paths.search}?${text}` : paths.search;
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

/**
 * The search as the address holds it, and a way to change it: each change is a new history entry,
 * so Back undoes it, and starts from the first page.
 */
export function useSearchState() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => readSearchParams(search).params, [search]);
  return useMemo(() => {
    const { cursor, ...query } = params;
    return {
      query,
      start: cursor,
      // A filter changes the results, not the page: the reader stays where the filter is.
      change: (patch: SearchPatch) => void navigate(searchHref(patched(query, patch)), { preventScrollReset: true }),
    };
  }, [params, navigate]);
}
