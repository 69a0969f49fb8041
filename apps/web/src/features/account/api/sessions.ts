import { ACCOUNT_ROUTES, type AccountSession } from '@marketplace/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

export const accountSessionsQueryKey = ['user', 'sessions'] as const;

/** The user's signed-in sessions, this device first (typed; the server checks it against its schema). */
export async function getAccountSessions(): Promise<AccountSession[]> {
  return (await callRoute(ACCOUNT_ROUTES.sessions)).data;
}

export const accountSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountSessionsQueryKey, queryFn: getAccountSessions });

export const useAccountSessions = () => useQuery(accountSessionsQueryOptions());

/** Signs one other device out; the list is asked again after, whatever the answer. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callRoute(ACCOUNT_ROUTES.endSession, { params: { handle: id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

/** Signs out every device but this one; answers how many were. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callRoute(ACCOUNT_ROUTES.endOtherSessions)).data.signed_out,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
