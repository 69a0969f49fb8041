/** The API's addresses for the catalogue: one place, used by the server's routes and the web's calls. */
export const CATALOGUE_API = {
  categories: '/api/categories',
  listings: '/api/listings',
  listing: (id: number) => `/api/listings/${id}`,
  listingAction: (id: number, action: 'publish' | 'pause' | 'resume' | 'mark-sold' | 'renew') =>
    `/api/listings/${id}/${action}`,
  listingHistory: (id: number) => `/api/listings/${id}/history`,
  listingReport: (id: number) => `/api/listings/${id}/report`,
  listingPhotos: (id: number) => `/api/listings/${id}/photos`,
  listingPhoto: (id: number, photoId: number) => `/api/listings/${id}/photos/${photoId}`,
  listingPhotoOrder: (id: number) => `/api/listings/${id}/photos/order`,
  ownListings: '/api/me/listings',
  seller: (id: number) => `/api/users/${id}`,
  sellerReviews: (id: number) => `/api/users/${id}/reviews`,
} as const;

export interface ListingsUrlQuery {
  near?: 'me';
  category?: string;
  city?: number;
  seller?: number;
  exclude?: number;
  cursor?: string;
  limit?: number;
}

/**
 * GET /api/listings for `query`, its parameters always in one order: the server keys the first
 * data it puts in a page by this address, and the page asks for the very same one.
 */
export function listingsUrl(query: ListingsUrlQuery): string {
  const order = ['near', 'category', 'city', 'seller', 'exclude', 'cursor', 'limit'] as const;
  const search = order
    .filter((name) => query[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(String(query[name]))}`)
    .join('&');
  return search ? `${CATALOGUE_API.listings}?${search}` : CATALOGUE_API.listings;
}

/** A page cursor as the API takes it (`?cursor=`); it answers 422 for anything else. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The cursor a grid page's address starts at (`/c/phones?cursor=…`), from its query string; none
 * for one the API would refuse, so a mangled link shows the first page rather than an error.
 */
export function pageCursor(search: string): string | undefined {
  // A cursor never needs percent-encoding, so the raw text is the cursor or not one.
  const cursor = /(?:^|[?&])cursor=([^&#]*)/.exec(search)?.[1];
  return cursor !== undefined && CURSOR_PATTERN.test(cursor) ? cursor : undefined;
}

/** A grid page's address from `cursor` on: the link crawlers follow to the next page. */
export const pageFromCursor = (path: string, cursor: string) => `${path}?cursor=${encodeURIComponent(cursor)}`;

/** How many cards a grid shows at first: the home page's fresh listings, a category's first page. */
export const FIRST_PAGE = { home: 12, category: 24, seller: 24, related: 4 } as const;
