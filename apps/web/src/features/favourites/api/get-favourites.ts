import type { FavouriteFilter, FavouritesPage } from '@marketplace/contracts';
import { FAVOURITES_API } from '@marketplace/contracts/catalogue-essentials';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getEarly } from '../../../lib/early-requests';
import { favouritesQueryKey } from '../../../lib/api/favourite-ids';

/** GET /api/favourites's address; the first page of all of them is plain `/api/favourites` (pages.ts asks it early). */
export function favouritesUrl(show: FavouriteFilter | undefined, cursor?: string): string {
  const query = new URLSearchParams();
  if (show) query.set('show', show);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${FAVOURITES_API.list}?${text}` : FAVOURITES_API.list;
}

/** A page of the user's favourites, newest first (typed, not parsed: the server checks its answers). */
export async function getFavourites(show: FavouriteFilter | undefined, cursor?: string): Promise<FavouritesPage> {
  const response = await getEarly(favouritesUrl(show, cursor));
  return response.data as FavouritesPage;
}

export const favouritePagesQueryOptions = (show: FavouriteFilter | undefined) =>
  infiniteQueryOptions({
    queryKey: [...favouritesQueryKey, 'pages', { show }] as const,
    queryFn: ({ pageParam }) => getFavourites(show, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useFavouritePages = (show: FavouriteFilter | undefined) =>
  useInfiniteQuery(favouritePagesQueryOptions(show));
