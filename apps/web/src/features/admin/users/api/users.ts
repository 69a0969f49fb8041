import {
  USERS_ROUTES,
  type AdminUser,
  type AdminUserList,
  type AdminUserListPage,
  type AdminUsersPage,
} from '@marketplace/contracts/staff';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api-route';
import { useCursorPages } from '../../api/cursor-pages';

export const usersQueryKey = ['admin', 'users'] as const;
export const userQueryKey = (id: number) => [...usersQueryKey, 'one', id] as const;

/** Users matching `q` (all of them when empty), newest first, a page at a time. */
export function useAdminUsers(q: string) {
  return useCursorPages([...usersQueryKey, 'search', q], (cursor): Promise<AdminUsersPage> =>
    callRoute(USERS_ROUTES.users, { config: { params: { q: q || undefined, cursor } } }),
  );
}

/** One person's page. */
export function useAdminUser(id: number) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: (): Promise<AdminUser> => callRoute(USERS_ROUTES.user, { params: { id } }),
  });
}

/**
 * One list of a person's page: its first page as the page came (`first`, read at `asOf`), then
 * each next page on demand. A new read of the page (`asOf`) starts the list again from its first
 * page, so a list never mixes rows read before and after a change.
 */
export function useUserList<L extends AdminUserList>(id: number, list: L, first: AdminUserListPage<L>, asOf: number) {
  return useInfiniteQuery({
    queryKey: ['admin', 'user-lists', id, list, asOf],
    queryFn: ({ pageParam }) =>
      callRoute<typeof USERS_ROUTES.userList, AdminUserListPage<L>>(USERS_ROUTES.userList, {
        params: { id, list },
        config: { params: { cursor: pageParam } },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    initialData: { pages: [first], pageParams: [undefined] },
    staleTime: Infinity,
  });
}

/** A new verification e-mail to the person; their page is read again (the audit row, nothing else, changes). */
export function useResendVerification(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(USERS_ROUTES.resendVerification, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueryKey(id) }),
  });
}

/** Signs the person out everywhere; answers how many sessions ended. */
export function useEndSessions(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(USERS_ROUTES.endSessions, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueryKey(id) }),
  });
}
