import type { Listing } from '@marketplace/contracts';
import { CATALOGUE_API } from '@marketplace/contracts/catalogue-essentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEarly, sentWithPage } from '../early-requests';

/*
 * The product page shows it; the listing wizard and a listing's history read it too. Taken as the
 * API declares it, not parsed again with its zod schema: the server checks every answer before it
 * sends it, and parsing here would bring zod to the public product page.
 */

export const listingQueryKey = (id: number) => ['catalogue', 'listing', id] as const;

/** One listing as the viewer may see it: its seller also gets drafts, paused listings and the actions. */
export async function getListing(id: number): Promise<Listing> {
  const response = await getEarly(CATALOGUE_API.listing(id));
  return (response.data as { data: Listing }).data;
}

export const listingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: listingQueryKey(id),
    queryFn: () => getListing(id),
    initialData: () => (sentWithPage(CATALOGUE_API.listing(id)) as { data: Listing } | undefined)?.data,
  });

export const useListing = (id: number) => useQuery(listingQueryOptions(id));
