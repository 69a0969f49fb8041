import { z } from 'zod/mini';
import { listingCardSchema } from '../catalogue/listings';
import { encodeMessage, message } from '../i18n/message';
import { ruledText } from '../rules/zod-fields';
import { CHAT_LIMITS, chatMessageKinds, conversationFilters, MESSAGE_CLIENT_ID_PATTERN } from './chat-api';

const invalid = () => encodeMessage(message('laravel.invalidValue'));
const notValid = (label: 'chat.field.listing' | 'chat.field.clientId' | 'chat.field.message') => () =>
  encodeMessage(message('rule.default', { field: message(label) }));

const positiveId = (label: 'chat.field.listing' | 'chat.field.message') =>
  z
    .int({ error: notValid(label) })
    .check(z.gte(1, { error: notValid(label) }), z.lte(2_147_483_647, { error: notValid(label) }));

/** An id in a query string: digits only, within the column's range. */
const idText = z.pipe(
  z.string({ error: invalid }).check(z.regex(/^[1-9][0-9]{0,9}$/, { error: invalid })),
  z.pipe(z.transform(Number), z.int().check(z.lte(2_147_483_647, { error: invalid }))),
);

/** The id a page gives a message it sends: the same id again is the same message. */
const clientId = z
  .string({ error: notValid('chat.field.clientId') })
  .check(z.regex(MESSAGE_CLIENT_ID_PATTERN, { error: notValid('chat.field.clientId') }));

/** POST /api/conversations: the buyer starts (or finds again) the conversation about a listing. */
export const startConversationSchema = z.object({ listing_id: positiveId('chat.field.listing') });

/** POST /api/conversations/:id/messages. */
export const sendMessageSchema = z.object({
  client_id: clientId,
  body: ruledText(
    { label: 'chat.field.message', rules: { required: true, max: CHAT_LIMITS.messageLength } },
    { multiline: true },
  ),
});
export type SendMessage = z.input<typeof sendMessageSchema>;

/** POST /api/conversations/:id/read. */
export const readMessagesSchema = z.object({ message_id: positiveId('chat.field.message') });

/** POST /api/conversations/:id/report. */
export const reportConversationSchema = z.object({
  reason: ruledText(
    { label: 'chat.field.reason', rules: { required: true, max: CHAT_LIMITS.reportReasonLength } },
    { multiline: true },
  ),
});

/** GET /api/conversations. */
export const conversationsQuerySchema = z.object({
  filter: z.optional(z.enum(conversationFilters, { error: invalid })),
  /** The last conversation of the page before: its last message's id. */
  cursor: z.optional(idText),
  /**
   * An order's id: its conversation alone (its buyer's about its listing), archived or not; none
   * for an order that is not the reader's. The order page's link to its messages.
   */
  order: z.optional(idText),
});

/** GET /api/conversations/:id/messages: older than `before`, or newer than `after` (catching up); never both. */
export const messagesQuerySchema = z
  .object({
    before: z.optional(idText),
    after: z.optional(idText),
    limit: z.optional(
      z.pipe(
        z.string({ error: invalid }).check(z.regex(/^[0-9]{1,3}$/, { error: invalid })),
        z.pipe(
          z.transform(Number),
          z.int().check(z.gte(1, { error: invalid }), z.lte(CHAT_LIMITS.pageSizeMax, { error: invalid })),
        ),
      ),
    ),
  })
  .check(
    z.refine((query) => query.before === undefined || query.after === undefined, {
      error: invalid,
      path: ['after'],
    }),
  );

/** POST /api/conversations/:id/photos: the photo is the body; its client id makes a retry the same message. */
export const sendPhotoQuerySchema = z.object({
  client_id: clientId,
});

/** A photo in a message: its sizes (for the participants only), and what reserves its space while it loads. */
export const chatPhotoSchema = z.object({
  /** 480 px wide at most: the message's bubble. */
  card: z.string(),
  /** 1600 px at most: the viewer. */
  full: z.string(),
  width: z.int(),
  height: z.int(),
  /** A tiny blurred copy as a data URL. */
  placeholder: z.string(),
});
export type ChatPhoto = z.infer<typeof chatPhotoSchema>;

export const chatMessageSchema = z.object({
  id: z.int(),
  conversation_id: z.int(),
  kind: z.enum(chatMessageKinds),
  /** Null for a system message (an order's step). */
  sender_id: z.nullable(z.int()),
  /** Empty for a photo. */
  body: z.string(),
  /** The photo of a `photo` message; null for the others. */
  photo: z.nullable(chatPhotoSchema),
  /** The id the sender's page gave it, so that page recognises its own message arriving. */
  client_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatPersonSchema = z.object({ id: z.int(), name: z.string(), avatar: z.nullable(z.string()) });

export const conversationSchema = z.object({
  id: z.int(),
  listing: listingCardSchema,
  /** The reader's side in it. */
  role: z.enum(['buyer', 'seller']),
  other: chatPersonSchema,
  last_message: z.nullable(chatMessageSchema),
  unread_count: z.int(),
  archived: z.boolean(),
  /** The last of the reader's messages the other side has read: "read" on each up to it. */
  other_read_id: z.int(),
  /** A block between the two: who blocked whom (the reader's view), or null. */
  block: z.nullable(z.enum(['i-blocked', 'blocked-me'])),
  /** The newest order between the two for this listing (its page is linked from the conversation), or null. */
  order_id: z.nullable(z.int()),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationResponseSchema = z.object({ data: conversationSchema });
export const conversationsPageSchema = z.object({
  data: z.array(conversationSchema),
  next_cursor: z.nullable(z.string()),
});
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

export const messagesPageSchema = z.object({
  data: z.array(chatMessageSchema),
  /** Older messages remain (pass the first message's id as `before`). */
  has_older: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const messageResponseSchema = z.object({ data: chatMessageSchema });
export const unreadMessagesSchema = z.object({ data: z.object({ unread_count: z.int() }) });
