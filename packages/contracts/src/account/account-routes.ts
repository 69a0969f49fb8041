import { z } from 'zod/mini';
import { userResponseSchema } from '../auth';
import { defineRoute } from '../http/api-route';
import {
  accountSessionsResponseSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resetPasswordRequestSchema,
  signedOutSessionsResponseSchema,
  verifyEmailRequestSchema,
} from './account-requests';

/** Account security (issue 17, decision 026); pages without zod use `ACCOUNT_API`, which a test holds to this table. */
export const ACCOUNT_ROUTES = {
  /** A new password, with the current one: every other session ends. */
  changePassword: defineRoute({ method: 'PUT', path: '/api/account/password', body: changePasswordRequestSchema }),
  /** E-mails a link that sets a new password; the same answer whether the address has an account. */
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/password/forgot',
    body: forgotPasswordRequestSchema,
    response: { 202: forgotPasswordResponseSchema },
  }),
  /** The link's token and the new password; signs the user in. */
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/password/reset',
    body: resetPasswordRequestSchema,
    response: { 200: userResponseSchema },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/account/sessions',
    response: { 200: accountSessionsResponseSchema },
  }),
  /** Every session but this one. */
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/api/account/sessions',
    response: { 200: signedOutSessionsResponseSchema },
  }),
  /** One session, by the handle the list shows (never its id); not one of mine is a 404. */
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/account/sessions/:handle',
    params: z.object({ handle: z.string() }),
  }),
  /** The token of an e-mailed verification link; marks the address verified. */
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email/verify',
    body: verifyEmailRequestSchema,
    response: { 200: forgotPasswordResponseSchema },
  }),
  /** A new verification link for the signed-in user (throttled). */
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/account/email/verification',
    response: { 202: forgotPasswordResponseSchema },
  }),
  /** Deletes the whole account, with the password (a body, so not DELETE); 409 while orders are open. */
  deleteAccount: defineRoute({ method: 'POST', path: '/api/account/delete', body: deleteAccountRequestSchema }),
  /** Everything the account holds, as a JSON file to download. */
  export: defineRoute({ method: 'GET', path: '/api/account/export' }),
} as const;
