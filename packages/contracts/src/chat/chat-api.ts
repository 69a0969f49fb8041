/**
 * The API's addresses for chat (issue 16): one place, used by the server's routes and the web's
 * calls. No schema here, so the header's unread badge can name them without zod.
 */
export const CHAT_API = {
  /** POST { listing_id }: the buyer's conversation about a listing, started if need be. GET: my conversations. */
  conversations: '/api/conversations',
  conversation: (id: number) => `/api/conversations/${id}`,
  /** GET (`before` or `after` a message id): a page of messages, oldest first. POST: send one. */
  messages: (id: number) => `/api/conversations/${id}/messages`,
  /** POST `?client_id=` with a photo's bytes as the body (its own content type): send it as a message. */
  photos: (id: number, clientId: string) => `/api/conversations/${id}/photos?client_id=${encodeURIComponent(clientId)}`,
  /** POST { message_id }: I have read up to this message. */
  read: (id: number) => `/api/conversations/${id}/read`,
  /** PUT archives, DELETE brings it back to the list: for me only. */
  archive: (id: number) => `/api/conversations/${id}/archive`,
  /** POST { reason }: kept for moderation with the messages as they are now. */
  report: (id: number) => `/api/conversations/${id}/report`,
  /** GET: unread messages in all my conversations (the header's badge). */
  unreadCount: '/api/conversations/unread-count',
} as const;

export const CHAT_LIMITS = {
  /** A message's text, in characters as people count them. */
  messageLength: 2000,
  reportReasonLength: 1000,
  pageSize: 30,
  pageSizeMax: 100,
  conversationsPageSize: 20,
} as const;

/** A client-generated id for a message: the same id sent again is the same message (idempotent send). */
export const MESSAGE_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const conversationFilters = ['unread', 'archived'] as const;
export type ConversationFilter = (typeof conversationFilters)[number];

export const chatMessageKinds = ['text', 'photo', 'system'] as const;
export type ChatMessageKind = (typeof chatMessageKinds)[number];
