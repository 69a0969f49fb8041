import { AUTH_ROUTES, userResponseSchema, type LoginRequest, type User } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { announceSession } from '../../../lib/session-channel';
import { rememberSignedInUser } from '../../../lib/api/get-current-user';

export async function login(input: LoginRequest): Promise<User> {
  return callRoute(AUTH_ROUTES.login, { body: input }, (data) => userResponseSchema.parse(data).data);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      announceSession({ type: 'signed-in', user });
    },
  });
}
