import { ACCOUNT_API, type ChangePasswordRequest } from '@marketplace/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * PUT /api/account/password. The server ends every other session and gives this one a new id and
 * CSRF token (the http client takes the token from the answer), so this tab stays signed in.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await http.put(ACCOUNT_API.password, input);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
