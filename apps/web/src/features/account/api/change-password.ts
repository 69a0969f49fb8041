import { ACCOUNT_ROUTES, type ChangePasswordRequest } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { renewRealtime } from '../../../lib/realtime';
import { accountSessionsQueryKey } from './sessions';

/**
 * PUT /api/account/password. The server ends every other session and gives this one a new id and
 * CSRF token (the http client takes the token from the answer), so this tab stays signed in.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await callRoute(ACCOUNT_ROUTES.changePassword, { body: input });
}

/**
 * The other devices' sessions have ended (the list on the page is asked again), and this tab's was
 * replaced, so its live updates connect again under the new one.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      renewRealtime();
      return queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
    },
  });
}
