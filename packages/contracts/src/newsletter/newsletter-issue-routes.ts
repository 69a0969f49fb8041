import { z } from 'zod/mini';
import { listingCardSchema } from '../catalogue/listings';
import { markdownBlockSchema } from '../help/help-routes';
import { defineRoute } from '../http/api-route';
import { idParamsSchema } from '../http/route-params';
import { LOCALES } from '../i18n/locales';
import { encodeMessage, issueMessage, message } from '../i18n/message';
import { boundedWholeNumber } from '../rules/number-fields';
import { ruledText } from '../rules/zod-fields';
import { NEWSLETTER_API } from './newsletter-essentials';

/**
 * The newsletter's issues (issue 31, decision 040): staff write one in both languages, preview it,
 * send a test to themselves, then send it to the list, paced, with its progress live; the public
 * archive lists the issues sent. Times are ms since 1970.
 */

export const NEWSLETTER_ISSUE_LIMITS = { subjectMax: 150, bodyMax: 20_000, listingsMax: 12 } as const;

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** On the staff channel (private-staff) after each paced batch and at the end: `{ id }` and its progress. */
export const NEWSLETTER_PROGRESS_EVENT = 'newsletter.progress';

const invalid = () => encodeMessage(message('laravel.invalidValue'));
const text = (label: Parameters<typeof ruledText>[0]['label'], max: number, multiline = false) =>
  ruledText({ label, rules: { required: true, max } }, { multiline });

export const newsletterIssueEditSchema = z.object(
  {
    subject: text('admin.newsletter.field.subjectEn', NEWSLETTER_ISSUE_LIMITS.subjectMax),
    subject_ar: text('admin.newsletter.field.subjectAr', NEWSLETTER_ISSUE_LIMITS.subjectMax),
    body: text('admin.newsletter.field.bodyEn', NEWSLETTER_ISSUE_LIMITS.bodyMax, true),
    body_ar: text('admin.newsletter.field.bodyAr', NEWSLETTER_ISSUE_LIMITS.bodyMax, true),
    listing_ids: z
      .array(boundedWholeNumber('admin.newsletter.field.listings', { min: 1, max: 2_147_483_647 }), {
        error: invalid,
      })
      .check(
        z.maxLength(
          NEWSLETTER_ISSUE_LIMITS.listingsMax,
          issueMessage('admin.newsletter.tooManyListings', { max: NEWSLETTER_ISSUE_LIMITS.listingsMax }),
        ),
      ),
  },
  { error: invalid },
);
export type NewsletterIssueEdit = z.input<typeof newsletterIssueEditSchema>;

export const newsletterProgressSchema = z.object({
  total: z.number(),
  /** Handed to the mail outbox. */
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  /** Not sent: cancelled, or the address left the list before its turn. */
  skipped: z.number(),
});
export type NewsletterProgress = z.infer<typeof newsletterProgressSchema>;

const adminIssueSchema = z.object({
  id: z.number(),
  subject: z.string(),
  subject_ar: z.string(),
  body: z.string(),
  body_ar: z.string(),
  listing_ids: z.array(z.number()),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  progress: newsletterProgressSchema,
  created_at: z.number(),
  started_at: z.nullable(z.number()),
  finished_at: z.nullable(z.number()),
});
export type AdminNewsletterIssue = z.infer<typeof adminIssueSchema>;
const one = z.object({ data: adminIssueSchema });

const previewSchema = z.object({ subject: z.string(), html: z.string() });
export type NewsletterPreview = z.infer<typeof previewSchema>;

export const newsletterTestSchema = z.object(
  { locales: z.array(z.enum(LOCALES, { error: invalid })).check(z.minLength(1, invalid()), z.maxLength(2, invalid())) },
  { error: invalid },
);

const ADMIN = '/api/admin/newsletter/issues';

/** The back-office's newsletter (`newsletter.send`): 409 for a change out of turn (a sent issue's words, say). */
export const ADMIN_NEWSLETTER_ROUTES = {
  list: defineRoute({ method: 'GET', path: ADMIN, response: { 200: z.object({ data: z.array(adminIssueSchema) }) } }),
  one: defineRoute({ method: 'GET', path: `${ADMIN}/:id`, params: idParamsSchema, response: { 200: one } }),
  create: defineRoute({ method: 'POST', path: ADMIN, body: newsletterIssueEditSchema, response: { 201: one } }),
  /** A draft's words and listings. */
  edit: defineRoute({
    method: 'PUT',
    path: `${ADMIN}/:id`,
    params: idParamsSchema,
    body: newsletterIssueEditSchema,
    response: { 200: one },
  }),
  /** The e-mail as each language's subscribers will get it (HTML, for a sandboxed frame). */
  preview: defineRoute({
    method: 'GET',
    path: `${ADMIN}/:id/preview`,
    params: idParamsSchema,
    response: { 200: z.object({ data: z.object({ en: previewSchema, ar: previewSchema }) }) },
  }),
  /** One e-mail per language asked for, to the staff member's own address. */
  test: defineRoute({
    method: 'POST',
    path: `${ADMIN}/:id/test`,
    params: idParamsSchema,
    body: newsletterTestSchema,
    response: { 202: one },
  }),
  /** A draft goes to every confirmed subscriber, paced (NEWSLETTER_SENDS_PER_MINUTE). */
  send: defineRoute({ method: 'POST', path: `${ADMIN}/:id/send`, params: idParamsSchema, response: { 200: one } }),
  /** What is not sent yet is not sent. */
  cancel: defineRoute({ method: 'POST', path: `${ADMIN}/:id/cancel`, params: idParamsSchema, response: { 200: one } }),
} as const;

const summarySchema = z.object({ id: z.number(), subject: z.string(), sent_at: z.number() });
export type NewsletterIssueSummary = z.infer<typeof summarySchema>;
const publicIssueSchema = z.extend(summarySchema, {
  body: z.array(markdownBlockSchema),
  listings: z.array(listingCardSchema),
});
export type NewsletterIssuePage = z.infer<typeof publicIssueSchema>;

export const NEWSLETTER_ARCHIVE_API = { list: NEWSLETTER_API.archive } as const;

/** The archive: the issues sent, newest first, in the reader's language. */
export const NEWSLETTER_ARCHIVE_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: NEWSLETTER_ARCHIVE_API.list,
    response: { 200: z.object({ data: z.array(summarySchema) }) },
  }),
  one: defineRoute({
    method: 'GET',
    path: `${NEWSLETTER_ARCHIVE_API.list}/:id`,
    params: idParamsSchema,
    response: { 200: z.object({ data: publicIssueSchema }) },
  }),
} as const;
