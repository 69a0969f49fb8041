import { z } from 'zod/mini';
import { deviceKinds } from './account-addresses';
import { enteredPassword, newPassword, passwordConfirmation } from '../auth';
import { emailAddress } from '../fields';
import { issueMessage } from '../i18n/message';
import { messages } from '../laravel-messages';

/** The new password and its confirmation must match, as at registration. */
const confirmed = z.superRefine((input: { password: string; password_confirmation?: string | undefined }, ctx) => {
  if (input.password !== input.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: messages.confirmed('password') });
  }
});

export const changePasswordRequestSchema = z
  .object({
    current_password: enteredPassword('current_password'),
    password: newPassword,
    password_confirmation: passwordConfirmation,
  })
  .check(confirmed);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailAddress() });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** A reset link's token: 32 random bytes in base64url (43 characters); anything else is no link of ours. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const resetPasswordRequestSchema = z
  .object({
    token: z
      .string({ error: issueMessage('account.resetLinkInvalid') })
      .check(z.regex(RESET_TOKEN_PATTERN, { error: issueMessage('account.resetLinkInvalid') })),
    password: newPassword,
    password_confirmation: passwordConfirmation,
  })
  .check(confirmed);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The answer to a request for a reset link, whatever the address: words for the page to show. */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

/** One signed-in session of the user: what its User-Agent says, and when it was last used. */
export const accountSessionSchema = z.object({
  /** Names the session in the API (not its id): DELETE ACCOUNT_API.session(id). */
  id: z.string(),
  device: z.enum(deviceKinds),
  /** Product names as their makers write them ("Chrome", "Android"); null when the browser does not say. */
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  /** The session of the browser that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ data: z.array(accountSessionSchema) });

/** How many sessions "sign out everywhere else" ended. */
export const signedOutSessionsResponseSchema = z.object({ data: z.object({ signed_out: z.number() }) });

/** The token of an e-mailed verification link (same form as a reset link's). */
export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ error: issueMessage('account.verifyLinkInvalid') })
    .check(z.regex(RESET_TOKEN_PATTERN, { error: issueMessage('account.verifyLinkInvalid') })),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/** Deleting the account takes the password, as changing it does. */
export const deleteAccountRequestSchema = z.object({ password: enteredPassword('password') });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** An order that keeps an account from being deleted: its id and what it is for. */
export const openOrderRefSchema = z.object({ id: z.number(), title: z.nullable(z.string()) });
export type OpenOrderRef = z.infer<typeof openOrderRefSchema>;

/** The 409 of a deletion refused for open orders: the message and the orders it means. */
export const deleteAccountRefusalSchema = z.object({ message: z.string(), open_orders: z.array(openOrderRefSchema) });
export type DeleteAccountRefusal = z.infer<typeof deleteAccountRefusalSchema>;
