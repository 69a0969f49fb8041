import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserQueryKey } from './get-current-user';

export async function logout(): Promise<void> {
  await http.post('/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing of the previous user's data may outlive the session. The current user is set, not
      // removed: the header and pages that watch it must see "signed out" (queryClient.clear()
      // would leave them holding the old user).
      queryClient.setQueryData(currentUserQueryKey, null);
      const keep = hashKey(currentUserQueryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== keep });
    },
  });
}
