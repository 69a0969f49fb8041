import type { SearchFacets, SearchHomePlace, SearchPage } from '@marketplace/contracts';
import { SEARCH_API, searchQueryString, type SearchParams } from '@marketplace/contracts/catalogue-essentials';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getEarly, sentWithPage } from '../../../lib/early-requests';
import { http } from '../../../lib/http';

/*
 * As the catalogue's grids do (catalogue/api/listings.ts), answers are taken as the API declares
 * them: the server checks each against its schema before sending it, and zod stays off this page.
 */

/** The search without its page: what one list of results is for. */
export type SearchQuery = Omit<SearchParams, 'cursor'>;

/** The API's address for a search, in the one order the server also keys the page's first data by. */
export const resultsUrl = (query: SearchParams) => {
  const text = searchQueryString(query);
  return text ? `${SEARCH_API.results}?${text}` : SEARCH_API.results;
};

export const facetsUrl = (query: SearchQuery) => {
  const text = searchQueryString(query);
  return text ? `${SEARCH_API.facets}?${text}` : SEARCH_API.facets;
};

export async function getResults(query: SearchQuery, cursor?: string): Promise<SearchPage> {
  return (await getEarly(resultsUrl(cursor ? { ...query, cursor } : query))).data as SearchPage;
}

/** Under 'catalogue': a change of language asks again, as cities and categories are named in it. */
export const searchResultsKey = (query: SearchQuery, start?: string) =>
  ['catalogue', 'search', 'results', searchQueryString(query), start ?? null] as const;

export const searchResultsOptions = (query: SearchQuery, start?: string) =>
  infiniteQueryOptions({
    queryKey: searchResultsKey(query, start),
    queryFn: ({ pageParam }) => getResults(query, pageParam),
    initialPageParam: start,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    initialData: () => {
      const first = sentWithPage(resultsUrl(start ? { ...query, cursor: start } : query)) as SearchPage | undefined;
      return first && { pages: [first], pageParams: [start] };
    },
  });

export const useSearchResults = (query: SearchQuery, start?: string) =>
  useInfiniteQuery(searchResultsOptions(query, start));

/** The counts beside each filter; the previous ones stay on screen while a change is counted. */
export const useSearchFacets = (query: SearchQuery) =>
  useQuery({
    queryKey: ['catalogue', 'search', 'facets', searchQueryString(query)] as const,
    queryFn: async () => ((await getEarly(facetsUrl(query))).data as { data: SearchFacets }).data,
    initialData: () => (sentWithPage(facetsUrl(query)) as { data: SearchFacets } | undefined)?.data,
    placeholderData: keepPreviousData,
  });

/**
 * The centre of the signed-in user's profile city, to measure distances from without asking the
 * browser; null without one. Asked only for a signed-in user; under 'catalogue', as it is named.
 */
export const useHomePlace = (signedIn: boolean) =>
  useQuery({
    queryKey: ['catalogue', 'search', 'place'] as const,
    queryFn: async () => ((await http.get(SEARCH_API.place)).data as { data: SearchHomePlace | null }).data,
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
