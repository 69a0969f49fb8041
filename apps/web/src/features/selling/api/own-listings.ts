import {
  CATALOGUE_ROUTES,
  listingHistorySchema,
  ownListingPageSchema,
  type ListingEvent,
  type OwnListingPage,
  type OwnListingsFilter,
} from '@marketplace/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

/** Under ['user']: whatever ends the session (sign-out, another tab) drops them with the user. */
export const ownListingsQueryKey = ['user', 'listings'] as const;

export async function getOwnListings(status: OwnListingsFilter, cursor?: string): Promise<OwnListingPage> {
  const config = { params: { status, ...(cursor && { cursor }) } };
  return callRoute(CATALOGUE_ROUTES.ownListings, { config }, (data) => ownListingPageSchema.parse(data));
}

/** The seller's listings in one state ('ended': sold, expired and removed), with the count of each state. */
export const ownListingsQueryOptions = (status: OwnListingsFilter) =>
  infiniteQueryOptions({
    queryKey: [...ownListingsQueryKey, status] as const,
    queryFn: ({ pageParam }) => getOwnListings(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useOwnListings = (status: OwnListingsFilter) => useInfiniteQuery(ownListingsQueryOptions(status));

export const listingHistoryQueryKey = (id: number) => [...ownListingsQueryKey, 'history', id] as const;

export async function getListingHistory(id: number): Promise<ListingEvent[]> {
  return callRoute(
    CATALOGUE_ROUTES.listingHistory,
    { params: { id } },
    (data) => listingHistorySchema.parse(data).data,
  );
}

/** Every change of one of the seller's listings, newest first. */
export const useListingHistory = (id: number, options: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: listingHistoryQueryKey(id), queryFn: () => getListingHistory(id), ...options });
