import { ACCOUNT_ROUTES, type ForgotPasswordRequest } from '@marketplace/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

/** POST /api/password/forgot: the server's words, the same whether or not the address has an account. */
export async function forgotPassword(input: ForgotPasswordRequest): Promise<string> {
  return (await callRoute(ACCOUNT_ROUTES.forgotPassword, { body: input })).message;
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
