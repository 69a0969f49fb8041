import { defineRoute } from '../http/api-route';
import { searchFacetsSchema, searchPageSchema, searchPlaceSchema, searchSuggestionsSchema } from './search-responses';

/**
 * Search (issue 13). No query schema: the server reads the query string exactly as sent with the
 * one parser the search page uses (`readSearchParams`, search-params.ts), repeated names and all.
 * Pages without zod use `SEARCH_API`, which a test holds to this table.
 */
export const SEARCH_ROUTES = {
  results: defineRoute({ method: 'GET', path: '/api/search', response: { 200: searchPageSchema }, cursor: 'sortKey' }),
  facets: defineRoute({ method: 'GET', path: '/api/search/facets', response: { 200: searchFacetsSchema } }),
  suggestions: defineRoute({
    method: 'GET',
    path: '/api/search/suggestions',
    response: { 200: searchSuggestionsSchema },
  }),
  /** The signed-in user's home city's centre, for "near me" without the browser's location. */
  place: defineRoute({ method: 'GET', path: '/api/search/place', response: { 200: searchPlaceSchema } }),
} as const;
