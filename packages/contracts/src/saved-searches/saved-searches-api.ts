/** The API's addresses for saved searches: one place, used by the server's routes and the web's calls. */
export const SAVED_SEARCHES_API = {
  /** GET: the signed-in user's saved searches; POST: saves one (rate limited). */
  list: '/api/saved-searches',
  /** PATCH its name or alerts; DELETE it. */
  one: (id: number) => `/api/saved-searches/${id}`,
  /** POST when the user opens it: its new matches count from now. */
  seen: (id: number) => `/api/saved-searches/${id}/seen`,
  /** POST, outside production only: runs the minute's alert job now, for the caller's searches only. */
  testAlerts: '/api/test/saved-searches/alerts',
} as const;

export const savedSearchAlerts = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlerts = (typeof savedSearchAlerts)[number];

export const SAVED_SEARCH_LIMITS = { nameMax: 80, perUser: 50 } as const;
