import { ADMIN_LISTINGS_ROUTES, type AdminListingsPage } from '@marketplace/contracts/staff';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';

export const LISTING_FILTERS = ['q', 'status', 'category', 'seller', 'reported'] as const;
/** The filters as the address and the query string hold them: text, checked by the server. */
export type ListingFilters = Partial<Record<(typeof LISTING_FILTERS)[number], string>>;

/** Listings as the filters say, newest first, a page at a time. */
export function useAdminListings(filters: ListingFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'listings', filters],
      queryFn: ({ pageParam }): Promise<AdminListingsPage> =>
        callRoute(ADMIN_LISTINGS_ROUTES.listings, { config: { params: { ...filters, cursor: pageParam } } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  );
}
