/** The search's API addresses: one place, used by the server's routes and the web's calls. */
export const SEARCH_API = {
  results: '/api/search',
  facets: '/api/search/facets',
  suggestions: '/api/search/suggestions',
  place: '/api/search/place',
} as const;
