import { userResponseSchema, type LoginRequest, type User } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { announceSession } from '../../../lib/session-channel';
import { rememberSignedInUser } from '../../../lib/api/get-current-user';

export async function login(input: LoginRequest): Promise<User> {
  const response = await http.post('/login', input);
  return userResponseSchema.parse(response.data).data;
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
