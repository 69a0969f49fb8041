import { z } from 'zod/mini';
import { emailAddress } from '../fields';
import { defineRoute } from '../http/api-route';
import { LOCALES } from '../i18n/locales';
import { issueMessage } from '../i18n/message';
import { messages } from '../laravel-messages';
import { NEWSLETTER_API, NEWSLETTER_LIMITS } from './newsletter-essentials';

const invalid = issueMessage('laravel.invalidValue');

/** The footer's and /newsletter's form: an address and the language its e-mails are written in. */
export const newsletterSubscribeSchema = z.strictObject(
  {
    email: emailAddress(),
    locale: z.enum(LOCALES, { error: messages.in('locale') }),
  },
  { error: invalid },
);
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeSchema>;

/** The e-mailed link's token, in the query string (mail programs post there) or in the body. */
const tokenField = z.optional(
  z.string({ error: invalid }).check(z.maxLength(NEWSLETTER_LIMITS.tokenMax, { error: invalid })),
);
export const newsletterTokenQuerySchema = z.looseObject({ token: tokenField, lang: z.optional(z.string()) });
export const newsletterTokenBodySchema = z.looseObject({ token: tokenField });

/** The same answer for every address, known or not, subscribed or not. */
export const newsletterReceivedSchema = z.object({ data: z.object({ received: z.literal(true) }) });
export const newsletterStatusSchema = z.object({
  data: z.object({ status: z.enum(['confirmed', 'unsubscribed']) }),
});

/** The newsletter's subscriber side (issue 31, decision 037). */
export const NEWSLETTER_ROUTES = {
  subscribe: defineRoute({
    method: 'POST',
    path: NEWSLETTER_API.subscribe,
    body: newsletterSubscribeSchema,
    response: { 202: newsletterReceivedSchema },
  }),
  /** A page for a browser (Accept: text/html), JSON for anything else. */
  confirm: defineRoute({
    method: 'POST',
    path: NEWSLETTER_API.confirm,
    querystring: newsletterTokenQuerySchema,
    body: newsletterTokenBodySchema,
    response: { 200: newsletterStatusSchema },
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: NEWSLETTER_API.unsubscribe,
    querystring: newsletterTokenQuerySchema,
    body: newsletterTokenBodySchema,
    response: { 200: newsletterStatusSchema },
  }),
} as const;
