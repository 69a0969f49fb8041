/** The API's addresses for favourites: one place, used by the server's routes and the web's calls. */
export const FAVOURITES_API = {
  /** GET: the signed-in user's saved listings, newest first (`?show=available|ended`, `cursor`). */
  list: '/api/favourites',
  /** GET: the ids of every listing the signed-in user saved, for the hearts on cards. */
  ids: '/api/favourites/ids',
  /** PUT saves, DELETE unsaves: each as often as a user clicks, with the same outcome. */
  favourite: (listingId: number) => `/api/favourites/${listingId}`,
} as const;

/** The favourites page's filters: all, still for sale, or no longer. */
export const favouriteFilters = ['available', 'ended'] as const;
export type FavouriteFilter = (typeof favouriteFilters)[number];
