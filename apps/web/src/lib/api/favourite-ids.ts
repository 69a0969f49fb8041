import { FAVOURITES_API } from '@marketplace/contracts/catalogue-essentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiError, http } from '../http';
import { t } from '../i18n/i18n-store';
import { notify } from '../toasts/notify';

/*
 * The hearts on cards and product pages. Answers are typed, not parsed with zod: the hearts are on
 * public pages, whose first visit must not bring zod (decision 014); the server checks each answer.
 */

export const favouritesQueryKey = ['favourites'] as const;
export const favouriteIdsQueryKey = ['favourites', 'ids'] as const;

export async function getFavouriteIds(): Promise<number[]> {
  const response = await http.get(FAVOURITES_API.ids);
  return (response.data as { data: number[] }).data;
}

/** The ids the signed-in user saved; asked once per visit for every heart on every page. */
export const useFavouriteIds = (signedIn: boolean) =>
  useQuery({ queryKey: favouriteIdsQueryKey, queryFn: getFavouriteIds, enabled: signedIn, staleTime: 60_000 });

export interface FavouriteToggle {
  listingId: number;
  save: boolean;
}

export async function setFavourite({ listingId, save }: FavouriteToggle): Promise<void> {
  if (save) await http.put(FAVOURITES_API.favourite(listingId));
  else await http.delete(FAVOURITES_API.favourite(listingId));
}

const withOrWithout = (ids: number[] | undefined, { listingId, save }: FavouriteToggle) => {
  const others = (ids ?? []).filter((id) => id !== listingId);
  return save ? [listingId, ...others] : others;
};

/**
 * Saves or unsaves at once on screen, then on the server; a refusal puts the heart back and says
 * why in a toast. The favourites page's lists ask again once the server has answered.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: favouriteIdsQueryKey });
      const before = queryClient.getQueryData<number[]>(favouriteIdsQueryKey);
      queryClient.setQueryData<number[]>(favouriteIdsQueryKey, (ids) => withOrWithout(ids, toggle));
      return { before };
    },
    onError: (error, toggle, context) => {
      queryClient.setQueryData<number[]>(favouriteIdsQueryKey, (ids) =>
        context?.before ? withOrWithout(ids, { ...toggle, save: context.before.includes(toggle.listingId) }) : ids,
      );
      const refused = apiError(error);
      notify.error(
        refused && refused.status < 500 && refused.status !== 404
          ? refused.body.message
          : t(toggle.save ? 'favourites.saveFailed' : 'favourites.removeFailed'),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey, refetchType: 'active' }),
  });
}
