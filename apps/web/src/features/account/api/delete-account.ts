import { ACCOUNT_ROUTES, type DeleteAccountRequest } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { announceSession } from '../../../lib/session-channel';
import { forgetSignedInUser } from '../../../lib/api/get-current-user';

/**
 * POST /api/account/delete with the password. The server erases the account and gives this browser
 * a guest session (the http client takes its CSRF token). `forget` then drops the user here and in
 * the other tabs: the page calls it once it has left for a page a visitor may see, or the
 * signed-in-only page would first send it to the login page. `leave` (the page's way there) runs
 * inside the mutation, after the server's answer: until the page has left, the deletion is still
 * this tab's own doing, so the live connection the server closes meanwhile does not reload the
 * signed-in-only page (RealtimeBridge's `sessionEnded` counts what a mutation under way caused).
 */
export function useDeleteAccount(leave: () => Promise<void>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (input: DeleteAccountRequest) => {
      await callRoute(ACCOUNT_ROUTES.deleteAccount, { body: input });
      await leave();
    },
  });
  const forget = () => {
    forgetSignedInUser(queryClient);
    announceSession({ type: 'signed-out' });
  };
  return { ...mutation, forget };
}
