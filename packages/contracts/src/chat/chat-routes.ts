import { defineRoute } from '../http/api-route';
import { fileParamsSchema, idParamsSchema } from '../http/route-params';
import {
  conversationResponseSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  readMessagesSchema,
  reportConversationSchema,
  sendMessageSchema,
  sendPhotoQuerySchema,
  startConversationSchema,
  unreadMessagesSchema,
} from './chat';

/** Chat (decision 024); pages without zod use `CHAT_API`, which a test holds to this table. */
export const CHAT_ROUTES = {
  start: defineRoute({
    method: 'POST',
    path: '/api/conversations',
    body: startConversationSchema,
    response: { 200: conversationResponseSchema, 201: conversationResponseSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/conversations',
    querystring: conversationsQuerySchema,
    response: { 200: conversationsPageSchema },
    cursor: 'id',
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/api/conversations/unread-count',
    response: { 200: unreadMessagesSchema },
  }),
  conversation: defineRoute({
    method: 'GET',
    path: '/api/conversations/:id',
    params: idParamsSchema,
    response: { 200: conversationResponseSchema },
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    params: idParamsSchema,
    querystring: messagesQuerySchema,
    response: { 200: messagesPageSchema },
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    params: idParamsSchema,
    body: sendMessageSchema,
    response: { 200: messageResponseSchema, 201: messageResponseSchema },
  }),
  /** The photo is the request's raw body (its bytes, whatever the label says), so no body schema. */
  sendPhoto: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/photos',
    params: idParamsSchema,
    querystring: sendPhotoQuerySchema,
    response: { 200: messageResponseSchema, 201: messageResponseSchema },
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/read',
    params: idParamsSchema,
    body: readMessagesSchema,
  }),
  archive: defineRoute({ method: 'PUT', path: '/api/conversations/:id/archive', params: idParamsSchema }),
  unarchive: defineRoute({ method: 'DELETE', path: '/api/conversations/:id/archive', params: idParamsSchema }),
  report: defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/report',
    params: idParamsSchema,
    body: reportConversationSchema,
  }),
  /** A photo's bytes, for the conversation's two participants only (image/webp, not JSON). */
  photoFile: defineRoute({ method: 'GET', path: '/media/chat/:file', params: fileParamsSchema }),
} as const;
