import { ACCOUNT_API, type AccountSession } from '@marketplace/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const accountSessionsQueryKey = ['user', 'sessions'] as const;

/** The user's signed-in sessions, this device first (typed; the server checks it against its schema). */
export async function getAccountSessions(): Promise<AccountSession[]> {
  const response = await http.get(ACCOUNT_API.sessions);
  return (response.data as { data: AccountSession[] }).data;
}

export const accountSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountSessionsQueryKey, queryFn: getAccountSessions });

export const useAccountSessions = () => useQuery(accountSessionsQueryOptions());

/** Signs one other device out; the list is asked again after, whatever the answer. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await http.delete(ACCOUNT_API.session(id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

/** Signs out every device but this one; answers how many were. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await http.delete(ACCOUNT_API.sessions);
      return (response.data as { data: { signed_out: number } }).data.signed_out;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
