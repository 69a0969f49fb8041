import type { MessageKey } from '../i18n/message';
import { MODERATION_REASON_NAMES } from '../moderation/moderation-reasons';

/** What a notification is about; each has a switch per channel in the settings (docs/product/marketplace.md). */
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
 * The data fields that hold what people wrote or are called (a listing's title, a person's name, a
 * reason typed, a reply): isolated where a notification is shown (<bdi> on a page or in an e-mail's
 * HTML, FSI…PDI in plain text), so that a Latin title in an Arabic line, or an Arabic one in
 * English, keeps the punctuation around it on its side. The stored data stays as written.
 */
export const NOTIFICATION_ISOLATED_FIELDS: readonly string[] = ['title', 'name', 'reason', 'reply'];

/** A kind's messages, and the data fields that hold a code its reader sees in words (`names[field][code]`). */
interface NotificationKind {
  title: MessageKey;
  body: MessageKey;
  names?: Readonly<Record<string, Readonly<Record<string, MessageKey>>>>;
  /** Values of placeholders that data written before they existed lacks (`period` of a price drop). */
  defaults?: Readonly<Record<string, string>>;
}

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
  /**
   * A listing the user saved costs less. Data: listing_id, title, from, to (dirhams), period (a
   * rent's `year` or `month`, which the prices are per; `none` otherwise).
   */
  'favourite.priceDropped': {
    title: 'notification.favouritePriceDropped.title',
    body: 'notification.favouritePriceDropped.body',
    defaults: { period: 'none' },
  },
  /** A listing the user saved was sold. Data: listing_id, title. */
  'favourite.sold': {
    title: 'notification.favouriteSold.title',
    body: 'notification.favouriteSold.body',
  },
  /** A listing the user saved is held for a buyer. Data: listing_id, title. */
  'favourite.reserved': {
    title: 'notification.favouriteReserved.title',
    body: 'notification.favouriteReserved.body',
  },
  /** A listing the user saved is for sale again. Data: listing_id, title. */
  'favourite.back': {
    title: 'notification.favouriteBack.title',
    body: 'notification.favouriteBack.body',
  },
  /** New listings match a saved search with instant alerts (one seller's at once). Data: search_id, name, count. */
  'savedSearch.matches': {
    title: 'notification.savedSearchMatches.title',
    body: 'notification.savedSearchMatches.body',
  },
  /** A day's new matches of a saved search with daily alerts. Data: search_id, name, count. */
  'savedSearch.digest': {
    title: 'notification.savedSearchDigest.title',
    body: 'notification.savedSearchDigest.body',
  },
  /** Messages wait unread in a conversation while its reader is away (chat's e-mail, at most every 15 minutes). Data: conversation_id, name (the sender's), title (the listing's), count. */
  'message.unread': { title: 'notification.messageUnread.title', body: 'notification.messageUnread.body' },
  /** The order events (the orders module, category orders). Data: order_id, title (the listing's); countered adds amount (AED), cancelled and disputed reason, reviewed rating. */
  'order.requested': { title: 'notification.orderRequested.title', body: 'notification.orderRequested.body' },
  'order.countered': { title: 'notification.orderCountered.title', body: 'notification.orderCountered.body' },
  'order.accepted': { title: 'notification.orderAccepted.title', body: 'notification.orderAccepted.body' },
  'order.declined': { title: 'notification.orderDeclined.title', body: 'notification.orderDeclined.body' },
  'order.withdrawn': { title: 'notification.orderWithdrawn.title', body: 'notification.orderWithdrawn.body' },
  'order.expired': { title: 'notification.orderExpired.title', body: 'notification.orderExpired.body' },
  /** What is left of the listing cannot fill the buyer's request (decision 028). Data: order_id, title, available, quantity. */
  'order.lapsed': { title: 'notification.orderLapsed.title', body: 'notification.orderLapsed.body' },
  'order.handed_over': { title: 'notification.orderHandedOver.title', body: 'notification.orderHandedOver.body' },
  'order.received': { title: 'notification.orderReceived.title', body: 'notification.orderReceived.body' },
  'order.completed': { title: 'notification.orderCompleted.title', body: 'notification.orderCompleted.body' },
  'order.cancelled': { title: 'notification.orderCancelled.title', body: 'notification.orderCancelled.body' },
  'order.disputed': { title: 'notification.orderDisputed.title', body: 'notification.orderDisputed.body' },
  'order.reviewed': { title: 'notification.orderReviewed.title', body: 'notification.orderReviewed.body' },
  /** The buyer has not reviewed the seller and the window closes in a few days: their one reminder. Data: order_id, title, until (ms since 1970). */
  'order.reviewReminder': {
    title: 'notification.orderReviewReminder.title',
    body: 'notification.orderReviewReminder.body',
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
  /** A link that proves the address; e-mail only (its path holds the secret token). Data: hours. */
  'account.verifyEmail': {
    title: 'notification.verifyEmail.title',
    body: 'notification.verifyEmail.body',
  },
  /** The account was deleted; sent to the address it had, e-mail only. Data: none. */
  'account.deleted': {
    title: 'notification.accountDeleted.title',
    body: 'notification.accountDeleted.body',
  },
  /**
   * Moderation (issue 29), category account: told to the person acted on, in their language, with the
   * reason (`names`: its code in the data, its words in the reader's catalogue), never the staff note.
   * A listing of theirs was removed. Data: listing_id, title, reason.
   */
  'moderation.listingRemoved': {
    title: 'notification.listingRemoved.title',
    body: 'notification.listingRemoved.body',
    names: { reason: MODERATION_REASON_NAMES },
  },
  /** A listing of theirs that moderation removed is back. Data: listing_id, title. */
  'moderation.listingRestored': {
    title: 'notification.listingRestored.title',
    body: 'notification.listingRestored.body',
  },
  /** A warning. Data: reason. */
  'moderation.warned': {
    title: 'notification.accountWarned.title',
    body: 'notification.accountWarned.body',
    names: { reason: MODERATION_REASON_NAMES },
  },
  /** Suspended for a period. Data: reason, until (ms since 1970). */
  'moderation.suspended': {
    title: 'notification.accountSuspended.title',
    body: 'notification.accountSuspended.body',
    names: { reason: MODERATION_REASON_NAMES },
  },
  /** Suspended for good. Data: reason. */
  'moderation.suspendedForGood': {
    title: 'notification.accountSuspendedForGood.title',
    body: 'notification.accountSuspendedForGood.body',
    names: { reason: MODERATION_REASON_NAMES },
  },
  /** The suspension was lifted by staff. Data: none. */
  'moderation.suspensionLifted': {
    title: 'notification.suspensionLifted.title',
    body: 'notification.suspensionLifted.body',
  },
  /** A suspension for a period ran out (the clock ended it). Data: none. */
  'moderation.suspensionEnded': {
    title: 'notification.suspensionEnded.title',
    body: 'notification.suspensionEnded.body',
  },
  /**
   * What came of a report the user made, never who acted. Data: subject (listing, conversation,
   * user), title (the listing's, or the person's public name), outcome (dismissed, removed, warned,
   * suspended).
   */
  'moderation.reportOutcome': {
    title: 'notification.reportOutcome.title',
    body: 'notification.reportOutcome.body',
  },
  /** An open order ended because moderation removed its listing (told to the buyer). Data: order_id, title, reason. */
  'order.endedByModeration': {
    title: 'notification.orderEndedByModeration.title',
    body: 'notification.orderEndedByModeration.body',
    names: { reason: MODERATION_REASON_NAMES },
  },
  /** The support team answered a ticket (issue 30): to its user, or by e-mail to its visitor. Data: ticket_id, reply (the answer's words, never a note). */
  'support.replied': {
    title: 'notification.supportReplied.title',
    body: 'notification.supportReplied.body',
  },
  /** A visitor's ticket arrived: the e-mail with its signed link. Data: ticket_id. */
  'support.received': {
    title: 'notification.supportReceived.title',
    body: 'notification.supportReceived.body',
  },
  /** Someone asked to get the newsletter (issue 31): the double opt-in's link, in `path`. Data: days (the link's life). */
  'newsletter.confirm': {
    title: 'notification.newsletterConfirm.title',
    body: 'notification.newsletterConfirm.body',
  },
  /** Someone asked again for an address already on the list: told so, never a second link. Data: none. */
  'newsletter.already': {
    title: 'notification.newsletterAlready.title',
    body: 'notification.newsletterAlready.body',
  },
  /** An issue of the newsletter (decision 040): its words come from the newsletter module's renderer. Data: issue_id, subject. */
  'newsletter.issue': {
    title: 'notification.newsletterIssue.title',
    body: 'notification.newsletterIssue.body',
  },
  /** Raised by the development and test hook only (POST /api/test/notifications). Data: none. */
  test: {
    title: 'notification.test.title',
    body: 'notification.test.body',
  },
} as const satisfies Record<string, NotificationKind>;

export type NotificationType = keyof typeof notificationTypes;

export const isNotificationType = (value: unknown): value is NotificationType =>
  typeof value === 'string' && Object.hasOwn(notificationTypes, value);

/** A notification's data: what its messages need, as text or numbers (stored as JSON). */
export type NotificationData = Readonly<Record<string, string | number>>;
