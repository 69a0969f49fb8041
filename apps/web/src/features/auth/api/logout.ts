import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { announceSession } from '../../../lib/session-channel';
import { forgetSignedInUser } from '../../../lib/api/get-current-user';
import { forgetNewAccount } from '../../../lib/new-account';

export async function logout(): Promise<void> {
  await http.post('/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetNewAccount();
      forgetSignedInUser(queryClient);
      announceSession({ type: 'signed-out' });
    },
  });
}
