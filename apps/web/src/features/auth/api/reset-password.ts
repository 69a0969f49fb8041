import { ACCOUNT_API, userResponseSchema, type ResetPasswordRequest, type User } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { announceSession } from '../../../lib/session-channel';
import { rememberSignedInUser } from '../../../lib/api/get-current-user';

/** POST /api/password/reset: the new password from an e-mailed link; the answer signs this browser in. */
export async function resetPassword(input: ResetPasswordRequest): Promise<User> {
  const response = await http.post(ACCOUNT_API.resetPassword, input);
  return userResponseSchema.parse(response.data).data;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      announceSession({ type: 'signed-in', user });
    },
  });
}
