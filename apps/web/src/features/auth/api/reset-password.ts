import { ACCOUNT_ROUTES, userResponseSchema, type ResetPasswordRequest, type User } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { announceSession } from '../../../lib/session-channel';
import { rememberSignedInUser } from '../../../lib/api/get-current-user';

/** POST /api/password/reset: the new password from an e-mailed link; the answer signs this browser in. */
export async function resetPassword(input: ResetPasswordRequest): Promise<User> {
  return callRoute(ACCOUNT_ROUTES.resetPassword, { body: input }, (data) => userResponseSchema.parse(data).data);
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
