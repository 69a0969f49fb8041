import type { SavedSearch, SavedSearchAlerts } from '@marketplace/contracts';
import { SAVED_SEARCHES_API } from '@marketplace/contracts/catalogue-essentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getEarly } from '../../../lib/early-requests';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';

/* Typed, not parsed with zod: the save button is on the public results page (decision 014). */

export const savedSearchesQueryKey = ['saved-searches'] as const;

export async function getSavedSearches(): Promise<SavedSearch[]> {
  const response = await getEarly(SAVED_SEARCHES_API.list);
  return (response.data as { data: SavedSearch[] }).data;
}

export const useSavedSearches = () => useQuery({ queryKey: savedSearchesQueryKey, queryFn: getSavedSearches });

export async function saveSearch(input: { name: string; query: string; alerts: SavedSearchAlerts }) {
  const response = await http.post(SAVED_SEARCHES_API.list, input);
  return (response.data as { data: SavedSearch }).data;
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey }),
  });
}

const replace = (list: SavedSearch[] | undefined, saved: SavedSearch) =>
  list?.map((search) => (search.id === saved.id ? saved : search));

/** Changes the alerts at once on screen; a refusal puts them back with a toast. */
export function useChangeAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ search, alerts }: { search: SavedSearch; alerts: SavedSearchAlerts }) =>
      (
        (await http.patch(SAVED_SEARCHES_API.one(search.id), { alerts })).data as {
          data: SavedSearch;
        }
      ).data,
    onMutate: ({ search, alerts }) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesQueryKey, (list) => replace(list, { ...search, alerts }));
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<SavedSearch[]>(savedSearchesQueryKey, (list) => replace(list, saved)),
    onError: (_error, { search }) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesQueryKey, (list) => replace(list, search));
      notify.error(t('savedSearches.changeFailed'));
    },
  });
}

/** Deletes at once on screen; a refusal brings it back with a toast. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: SavedSearch) => http.delete(SAVED_SEARCHES_API.one(search.id)),
    onMutate: (search) => {
      const before = queryClient.getQueryData<SavedSearch[]>(savedSearchesQueryKey);
      queryClient.setQueryData<SavedSearch[]>(savedSearchesQueryKey, (list) =>
        list?.filter((item) => item.id !== search.id),
      );
      return { before };
    },
    onError: (_error, _search, context) => {
      queryClient.setQueryData(savedSearchesQueryKey, context?.before);
      notify.error(t('savedSearches.deleteFailed'));
    },
  });
}

/** Opening a search: its new matches count from now (a failure only leaves the count as it was). */
export const markSeen = (id: number) => http.post(SAVED_SEARCHES_API.seen(id)).catch(() => undefined);
