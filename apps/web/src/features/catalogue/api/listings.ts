import type { ListingPage, ListingsUrlQuery, SellerProfile, UserReviewsPage } from '@marketplace/contracts';
import { CATALOGUE_API, listingsUrl } from '@marketplace/contracts/catalogue-essentials';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listingQueryKey } from '../../../lib/api/get-listing';
import { getEarly, sentWithPage } from '../../../lib/early-requests';
import { listen } from '../../../lib/realtime';

/*
 * The public pages' answers are taken as the API declares them, not parsed again with their zod
 * schemas: the server checks every answer against that schema before it sends it (its serializer,
 * plugins/validation.ts), and parsing here would bring zod (~10 KiB gz) to pages that have no form.
 */

/** What a grid shows: the API's query without the cursor, which each page adds. */
export type ListingsQuery = Omit<ListingsUrlQuery, 'cursor'>;

export const listingsQueryKey = (query: ListingsQuery, start?: string) =>
  ['catalogue', 'listings', start ? { ...query, cursor: start } : query] as const;

/**
 * GET /api/listings for `query`. The first page's address is exactly the one the server keys a
 * public page's first data by (listingsUrl), so that page paints without a request.
 */
export async function getListings(query: ListingsQuery, cursor?: string): Promise<ListingPage> {
  const response = await getEarly(listingsUrl(cursor ? { ...query, cursor } : query));
  return response.data as ListingPage;
}

/**
 * Pages of active listings, newest first, from `start` on (a grid page's ?cursor=) or the newest;
 * the cursor keeps the pages stable while new listings arrive.
 */
export const listingsQueryOptions = (query: ListingsQuery, start?: string) =>
  infiniteQueryOptions({
    queryKey: listingsQueryKey(query, start),
    queryFn: ({ pageParam }) => getListings(query, pageParam),
    initialPageParam: start,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    initialData: () => {
      const first = sentWithPage(listingsUrl(start ? { ...query, cursor: start } : query)) as ListingPage | undefined;
      return first && { pages: [first], pageParams: [start] };
    },
  });

export const useListings = (query: ListingsQuery, options: { enabled?: boolean; start?: string | undefined } = {}) => {
  const { start, ...rest } = options;
  return useInfiniteQuery({ ...listingsQueryOptions(query, start), ...rest });
};

/**
 * While a product page is open, its seller's edits and changes of state show on it within moments;
 * after a lost connection is back, the page asks again for what it may have missed.
 */
export function useLiveListing(id: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: listingQueryKey(id) });
    return listen((channels) => channels.listing(id), { 'listing.updated': refresh, reconnected: refresh });
  }, [id, queryClient]);
}

export const sellerQueryKey = (id: number) => ['catalogue', 'seller', id] as const;

/** The seller with their rating and newest reviews (the seller's page; the server puts it in the page). */
export async function getSeller(id: number): Promise<SellerProfile> {
  const response = await getEarly(CATALOGUE_API.seller(id));
  return (response.data as { data: SellerProfile }).data;
}

export const useSeller = (id: number) =>
  useQuery({
    queryKey: sellerQueryKey(id),
    queryFn: () => getSeller(id),
    initialData: () => (sentWithPage(CATALOGUE_API.seller(id)) as { data: SellerProfile } | undefined)?.data,
  });

/** The reviews a user received after the newest ones the seller's page came with, a page at a time. */
export const useOlderReviews = (id: number, after: number | undefined, enabled: boolean) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...sellerQueryKey(id), 'reviews', after] as const,
      queryFn: async ({ pageParam }) =>
        (await getEarly(`${CATALOGUE_API.sellerReviews(id)}?cursor=${pageParam}`)).data as UserReviewsPage,
      initialPageParam: String(after ?? ''),
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      enabled: enabled && after !== undefined,
    }),
  );
