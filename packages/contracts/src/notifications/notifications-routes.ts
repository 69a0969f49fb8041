import { defineRoute } from '../http/api-route';
import { bigintIdParamsSchema } from '../http/route-params';
import {
  notificationPageSchema,
  notificationResponseSchema,
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  notificationsSeenSchema,
  testNotificationSchema,
  unreadCountResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeRequestSchema,
} from './notifications-api';

/** The bell and its settings (decision 019); pages without zod use `NOTIFICATIONS_API`, held to this table by a test. */
export const NOTIFICATIONS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    querystring: notificationsQuerySchema,
    response: { 200: notificationPageSchema },
    cursor: 'bigintId',
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/api/notifications/unread-count',
    response: { 200: unreadCountResponseSchema },
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/read',
    params: bigintIdParamsSchema,
    response: { 200: notificationResponseSchema },
  }),
  readAll: defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    response: { 200: unreadCountResponseSchema },
  }),
  seen: defineRoute({
    method: 'POST',
    path: '/api/notifications/seen',
    body: notificationsSeenSchema,
    response: { 200: unreadCountResponseSchema },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/notifications/settings',
    response: { 200: notificationSettingsResponseSchema },
  }),
  changeSettings: defineRoute({
    method: 'PUT',
    path: '/api/notifications/settings',
    body: notificationSettingsUpdateSchema,
    response: { 200: notificationSettingsResponseSchema },
  }),
  /** One-click unsubscribe (RFC 8058), no session needed: GET shows a page (HTML, not JSON). */
  unsubscribePage: defineRoute({
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    querystring: unsubscribeQuerySchema,
  }),
  /** POST with the e-mail's token: a page for a browser, JSON (unsubscribeResponseSchema) for anything else. */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    querystring: unsubscribeQuerySchema,
    body: unsubscribeRequestSchema,
  }),
  /** Development and tests only: raises a notification for the signed-in user. */
  testEvent: defineRoute({ method: 'POST', path: '/api/test/notifications', body: testNotificationSchema }),
} as const;
