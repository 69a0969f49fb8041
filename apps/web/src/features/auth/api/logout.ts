import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { announceSession } from '../../../lib/session-channel';
import { forgetSignedInUser } from '../../../lib/api/get-current-user';

export async function logout(): Promise<void> {
  await http.post('/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      forgetSignedInUser(queryClient);
      announceSession({ type: 'signed-out' });
    },
  });
}
