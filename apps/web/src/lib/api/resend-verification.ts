import { ACCOUNT_API } from '@marketplace/contracts/account-essentials';
import { useMutation } from '@tanstack/react-query';
import { http } from '../http';

/** Asks for a new verification link for the signed-in user; answers the words to show. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () => {
      const response = await http.post(ACCOUNT_API.resendVerification);
      return (response.data as { message: string }).message;
    },
  });
}
