import { PAGE_PATHS } from '../pages';

/** The API's addresses for notifications: one place, used by the server's routes and the web's calls. */
export const NOTIFICATIONS_API = {
  list: '/api/notifications',
  unreadCount: '/api/notifications/unread-count',
  read: (id: number) => `/api/notifications/${id}/read`,
  readAll: '/api/notifications/read-all',
  /** The newest one the open list shows, and all before it, are seen: the badge counts only newer ones. */
  seen: '/api/notifications/seen',
  settings: '/api/notifications/settings',
  /** One-click unsubscribe (RFC 8058): POST with the e-mail's token, no session needed; GET shows a page. */
  unsubscribe: '/api/notifications/unsubscribe',
  /** Development and tests only: raises a notification for the signed-in user (never in production). */
  testEvent: '/api/test/notifications',
} as const;

/** Where the web app shows them (docs/product/marketplace.md), linked from every e-mail. */
export const NOTIFICATIONS_PAGES = {
  list: PAGE_PATHS.notifications,
  settings: PAGE_PATHS.notificationSettings,
} as const;
