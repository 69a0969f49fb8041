/**
 * What the newsletter's forms need without a single schema (their own entry point,
 * `@marketplace/contracts/newsletter-essentials`: the footer's form is on every page and must not
 * bring zod): the addresses and the limits (issue 31, decision 037).
 */
export const NEWSLETTER_API = {
  /** POST {email, locale}: 202 whatever the address (no enumeration); the confirmation e-mail is queued. */
  subscribe: '/api/newsletter/subscriptions',
  /** POST {token} (or ?token=): the e-mailed link's secret puts the address on the list. */
  confirm: '/api/newsletter/confirm',
  /** POST (?token= or {token}): one-click unsubscribe (RFC 8058), no session needed. */
  unsubscribe: '/api/newsletter/unsubscribe',
  /** GET: the issues sent, newest first, in the reader's language; `/:id` one of them (decision 040). */
  archive: '/api/newsletter/issues',
} as const;

/** The server's own small pages the e-mails link to (they work signed out, from any mail program). */
export const NEWSLETTER_PAGES = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
} as const;

export const NEWSLETTER_LIMITS = {
  emailMax: 255,
  /** A token longer than this is no token of ours. */
  tokenMax: 200,
  /** How long a confirmation link works. */
  confirmationDays: 7,
} as const;
