import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { isInt4Id } from '../rules/column-ranges';
import { ruledText } from '../rules/zod-fields';
import { supportStates, supportTopics, SUPPORT_LIMITS } from './support-essentials';

/**
 * Support tickets (issue 30): a visitor or a user writes to the team; the ticket is a thread the
 * team answers. Staff's internal notes are part of the staff's view only, never of the user's.
 */

export * from './support-essentials';

const invalid = () => encodeMessage(message('laravel.invalidValue'));

/** An id in a JSON body: an integer column's range, else 422 (never SQL's out-of-range error). */
const bodyId = z.int({ error: invalid }).check(z.refine(isInt4Id, { error: invalid }));

export const supportMessageText = ruledText(
  {
    label: 'support.field.message',
    rules: { required: true, min: SUPPORT_LIMITS.messageMin, max: SUPPORT_LIMITS.messageMax },
  },
  { multiline: true },
);

/**
 * POST /api/support/tickets. A visitor gives their e-mail address (and a name); a signed-in user's
 * are their account's. `form_token` is what GET /api/support/form issued (the minimum fill time);
 * `website` is the field people never see: a bot that fills it is told all went well, and nothing
 * is stored.
 */
export const supportTicketSchema = z.strictObject(
  {
    topic: z.enum(supportTopics, { error: () => encodeMessage(message('support.topicRequired')) }),
    message: supportMessageText,
    email: z.optional(
      z.nullable(ruledText({ label: 'support.field.email', rules: { email: true, max: SUPPORT_LIMITS.emailMax } })),
    ),
    name: z.optional(z.nullable(ruledText({ label: 'support.field.name', rules: { max: SUPPORT_LIMITS.nameMax } }))),
    order_id: z.optional(z.nullable(bodyId)),
    listing_id: z.optional(z.nullable(bodyId)),
    form_token: z.string({ error: () => encodeMessage(message('support.formExpired')) }),
    website: z.optional(z.nullable(z.string({ error: invalid }))),
  },
  { error: invalid },
);
export type SupportTicketRequest = z.input<typeof supportTicketSchema>;

/** A reply in a thread (the user's, a visitor's by their link, or staff's). */
export const supportReplySchema = z.strictObject({ body: supportMessageText }, { error: invalid });
export type SupportReplyRequest = z.input<typeof supportReplySchema>;

const photoSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  placeholder: z.string(),
});

export const supportMessageSchema = z.object({
  id: z.number(),
  /** The user's own words, or the team's. */
  from: z.enum(['user', 'staff']),
  /** A staff member's first name (the team's answers are signed); null for the user's own. */
  author: z.nullable(z.string()),
  body: z.string(),
  created_at: z.string(),
  photos: z.array(photoSchema),
});

export const supportTicketSummarySchema = z.object({
  id: z.number(),
  topic: z.enum(supportTopics),
  state: z.enum(supportStates),
  /** The first line of the first message, as a title. */
  subject: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const supportTicketSchemaOut = z.object({
  ...supportTicketSummarySchema.shape,
  order_id: z.nullable(z.number()),
  listing_id: z.nullable(z.number()),
  messages: z.array(supportMessageSchema),
  /** Photos may still be added (the ticket's owner, fewer than three, before the team answers). */
  photos_left: z.number(),
});

export const supportReferencesSchema = z.object({
  data: z.object({
    orders: z.array(z.object({ id: z.number(), title: z.string(), role: z.enum(['buyer', 'seller']) })),
    listings: z.array(z.object({ id: z.number(), title: z.string() })),
  }),
});

/** A visitor's ticket link: `/support/t/<id>.<signature>`, 404 for anything not signed for that ticket. */
export const SUPPORT_ACCESS_TOKEN_PATTERN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43}$/;
