/**
 * The API's addresses for account security (issue 17): one place, used by the server's routes and
 * the web's calls. No schemas here, so a page may import them without zod.
 */
export const ACCOUNT_API = {
  /** PUT: a new password, with the current one. */
  password: '/api/account/password',
  /** POST: e-mails a link that sets a new password; the same answer whether the address has an account. */
  forgotPassword: '/api/password/forgot',
  /** POST: the link's token and the new password; signs the user in. */
  resetPassword: '/api/password/reset',
  /** GET: the user's signed-in sessions; DELETE: every one but this. */
  sessions: '/api/account/sessions',
  /** DELETE: signs that session out. */
  session: (handle: string) => `/api/account/sessions/${encodeURIComponent(handle)}`,
  /** POST: the token of an e-mailed verification link; marks the address verified. */
  verifyEmail: '/api/account/email/verify',
  /** POST: sends the signed-in user a new verification link (throttled). */
  resendVerification: '/api/account/email/verification',
  /** POST: deletes the whole account, with the password (a body, so not DELETE); 409 while orders are open. */
  deleteAccount: '/api/account/delete',
  /** GET: everything the account holds, as a JSON file to download. */
  export: '/api/account/export',
} as const;

/** How long an e-mail verification link works: a day, as it may be opened on another device later. */
export const EMAIL_VERIFICATION_HOURS = 24;

/** The query parameter of the verification page's address that carries the link's token. */
export const VERIFY_TOKEN_PARAM = 'token';

/** The kind of device a session was signed in from, read from its browser's User-Agent. */
export const deviceKinds = ['computer', 'phone', 'tablet', 'unknown'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

/** The query parameter of the reset page's address that carries the link's token. */
export const RESET_TOKEN_PARAM = 'token';
