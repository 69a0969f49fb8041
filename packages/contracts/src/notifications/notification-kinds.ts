import type { MessageKey } from '../i18n/message';

/** What a notification is about; each has a switch per channel in the settings (MARKETPLACE.md). */
export const notificationCategories = ['messages', 'orders', 'saved', 'listings', 'account', 'news'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** Where a notification reaches its user: the bell and /notifications, or their inbox. */
export const notificationChannels = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Each category's name, as the settings page and the e-mails' footers show it. */
export const NOTIFICATION_CATEGORY_LABELS: Readonly<Record<NotificationCategory, MessageKey>> = {
  messages: 'notifications.category.messages',
  orders: 'notifications.category.orders',
  saved: 'notifications.category.saved',
  listings: 'notifications.category.listings',
  account: 'notifications.category.account',
  news: 'notifications.category.news',
};

/** Account e-mails (password, security) reach the user whatever their settings say. */
export const isLockedSetting = (category: NotificationCategory, channel: NotificationChannel): boolean =>
  category === 'account' && channel === 'email';

/** A switch nobody has touched: on, except news, which waits until the user opts in. */
export const defaultSetting = (category: NotificationCategory): boolean => category !== 'news';

export const isNotificationCategory = (value: unknown): value is NotificationCategory =>
  typeof value === 'string' && (notificationCategories as readonly string[]).includes(value);

/**
 * Every kind of notification and the messages that word it (its title, and the sentence an e-mail
 * adds). A type's data fills the messages' placeholders; features add their types here.
 */
export const notificationTypes = {
  /** A live listing ends in a few days (the catalogue's clock). Data: listing_id, title, expires (ms since 1970). */
  'listing.expiring': {
    title: 'notification.listingExpiring.title',
    body: 'notification.listingExpiring.body',
  },
  /** A listing reached its end. Data: listing_id, title. */
  'listing.expired': {
    title: 'notification.listingExpired.title',
    body: 'notification.listingExpired.body',
  },
  /** The password was changed, here or by a reset link (account security). Data: none. */
  'account.passwordChanged': {
    title: 'notification.passwordChanged.title',
    body: 'notification.passwordChanged.body',
  },
  /** A link that sets a new password; e-mail only (its path holds the secret token). Data: minutes. */
  'account.passwordReset': {
    title: 'notification.passwordReset.title',
    body: 'notification.passwordReset.body',
  },
  /** Raised by the development and test hook only (POST /api/test/notifications). Data: none. */
  test: {
    title: 'notification.test.title',
    body: 'notification.test.body',
  },
} as const satisfies Record<string, { title: MessageKey; body: MessageKey }>;

export type NotificationType = keyof typeof notificationTypes;

export const isNotificationType = (value: unknown): value is NotificationType =>
  typeof value === 'string' && Object.hasOwn(notificationTypes, value);

/** A notification's data: what its messages need, as text or numbers (stored as JSON). */
export type NotificationData = Readonly<Record<string, string | number>>;
