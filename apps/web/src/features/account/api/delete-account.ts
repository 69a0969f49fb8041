import { ACCOUNT_API, type DeleteAccountRequest } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { announceSession } from '../../../lib/session-channel';
import { forgetSignedInUser } from '../../auth/api/get-current-user';

/**
 * POST /api/account/delete with the password. The server erases the account and gives this browser a
 * guest session (the http client takes its CSRF token); this tab and the others forget the user.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DeleteAccountRequest) => {
      await http.post(ACCOUNT_API.deleteAccount, input);
    },
    onSuccess: () => {
      forgetSignedInUser(queryClient);
      announceSession({ type: 'signed-out' });
    },
  });
}
