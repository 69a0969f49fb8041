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
} as const;

/** The kind of device a session was signed in from, read from its browser's User-Agent. */
export const deviceKinds = ['computer', 'phone', 'tablet', 'unknown'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

/** The query parameter of the reset page's address that carries the link's token. */
export const RESET_TOKEN_PARAM = 'token';
