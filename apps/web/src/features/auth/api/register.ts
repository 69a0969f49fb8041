import { AUTH_ROUTES, userResponseSchema, type RegisterRequest, type User } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { announceSession } from '../../../lib/session-channel';
import { rememberSignedInUser } from '../../../lib/api/get-current-user';
import { rememberNewAccount } from '../../../lib/new-account';

export async function register(input: RegisterRequest): Promise<User> {
  return callRoute(AUTH_ROUTES.register, { body: input }, (data) => userResponseSchema.parse(data).data);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      rememberNewAccount(user.id);
      rememberSignedInUser(queryClient, user);
      announceSession({ type: 'signed-in', user });
    },
  });
}
