import { ACCOUNT_API } from '@marketplace/contracts/account-essentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { currentUserQueryKey } from '../../../lib/api/get-current-user';

/** POST the e-mailed link's token; answers the words to show. The signed-in user (if any) is asked again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const response = await http.post(ACCOUNT_API.verifyEmail, { token });
      return (response.data as { message: string }).message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
