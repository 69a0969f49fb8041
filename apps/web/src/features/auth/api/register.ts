import { userResponseSchema, type RegisterRequest, type User } from '@marketplace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { announceSession } from '../../../lib/session-channel';
import { rememberSignedInUser } from '../../../lib/api/get-current-user';

export async function register(input: RegisterRequest): Promise<User> {
  const response = await http.post('/register', input);
  return userResponseSchema.parse(response.data).data;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      rememberSignedInUser(queryClient, user);
      announceSession({ type: 'signed-in', user });
    },
  });
}
