import { ACCOUNT_API, type ForgotPasswordRequest } from '@marketplace/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /api/password/forgot: the server's words, the same whether or not the address has an account. */
export async function forgotPassword(input: ForgotPasswordRequest): Promise<string> {
  const response = await http.post(ACCOUNT_API.forgotPassword, input);
  return (response.data as { message: string }).message;
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
