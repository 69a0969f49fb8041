import { ADMIN_LISTINGS_ROUTES, type AdminListingsPage } from '@marketplace/contracts/staff';
import { callRoute } from '../../../../lib/api-route';
import { useCursorPages } from '../../api/cursor-pages';
import type { Filters } from '../../paged-list';

export const LISTING_FILTERS = ['q', 'status', 'category', 'seller', 'reported'] as const;
/** The filters as the address and the query string hold them: text, checked by the server. */
export type ListingFilters = Filters<(typeof LISTING_FILTERS)[number]>;

/** Listings as the filters say, newest first, a page at a time. */
export function useAdminListings(filters: ListingFilters) {
  return useCursorPages(['admin', 'listings', filters], (cursor): Promise<AdminListingsPage> =>
    callRoute(ADMIN_LISTINGS_ROUTES.listings, { config: { params: { ...filters, cursor } } }),
  );
}
