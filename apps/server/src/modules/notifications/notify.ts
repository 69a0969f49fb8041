import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  isLocale,
  NOTIFICATION_PATH_PATTERN,
  type Locale,
  type NotificationCategory,
  type NotificationData,
  type NotificationType,
} from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { channelsOf } from './notification-settings';

/** A domain event for one user, as a feature publishes it. */
export interface NotificationEvent {
  userId: number;
  category: NotificationCategory;
  type: NotificationType;
  /** What the type's messages need (notificationTypes in the contracts). */
  data?: NotificationData;
  /** The page it is about, on this site: `/items/12/red-bike`. */
  path?: string | null;
  /** The feature's own name for this event: the same key for the same user is stored and mailed once. */
  key?: string;
  /**
   * Only an e-mail, never a notification in the app: for a link that acts for the user (a password
   * reset), whose secret belongs in their inbox and nowhere else. Needs a category whose e-mail is on.
   */
  emailOnly?: boolean;
  /** The e-mail's language when the user never chose one: the request's, when a request caused the event. */
  locale?: Locale;
}

/** What notify() wrote, for announcing once the transaction has committed. */
export interface Notified {
  userId: number;
  /** The stored notification, or null when in-app is off for the category (or the event is a repeat). */
  notificationId: number | null;
  /** The e-mail waiting in the outbox, or null when e-mail is off for the category (or a repeat). */
  outboxId: number | null;
}

export interface NotifyContext {
  /** The domain Message-IDs are made in (the sender's). */
  messageIdDomain: string;
}

/**
 * Turns a domain event into what the user's settings ask for, inside the caller's transaction
 * (`trx`): a stored notification when in-app is on, an e-mail in the outbox when e-mail is on (always
 * for account e-mails). Both commit or roll back with the change that caused them. Nothing leaves
 * the database here: the caller announces the result after commit (Notifications.announce).
 */
export async function notify(
  trx: Kysely<Database>,
  event: NotificationEvent,
  context: NotifyContext,
): Promise<Notified> {
  const { userId, category, type, key } = event;
  // A link elsewhere, or text PostgreSQL cannot store (NUL), is a feature's mistake: never a 500 or an open redirect.
  const path = event.path != null && NOTIFICATION_PATH_PATTERN.test(event.path) ? event.path : null;
  const data = Object.fromEntries(
    Object.entries(event.data ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replaceAll('\u0000', '') : value,
    ]),
  );
  const user = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const nothing: Notified = { userId, notificationId: null, outboxId: null };
  if (!user) return nothing;
  const channels = await channelsOf(trx, userId, category);

  let notificationId: number | null = null;
  if (channels.in_app && !event.emailOnly) {
    const stored = await trx
      .insertInto('notifications')
      .values({ user_id: userId, category, type, data: JSON.stringify(data), path, dedupe_key: key ?? null })
      .onConflict((conflict) => conflict.constraint('notifications_once').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Told already: the same event is not mailed again either.
    if (!stored) return nothing;
    notificationId = stored.id;
  }

  let outboxId: number | null = null;
  if (channels.email) {
    const idempotencyKey =
      key !== undefined
        ? `${userId}:${key}`
        : notificationId !== null
          ? `notification:${notificationId}`
          : randomUUID();
    const queued = await trx
      .insertInto('mail_outbox')
      .values({
        idempotency_key: idempotencyKey,
        user_id: userId,
        recipient: user.email,
        recipient_name: user.first_name,
        locale: isLocale(user.locale) ? user.locale : (event.locale ?? DEFAULT_LOCALE),
        template: type,
        data: JSON.stringify(data),
        path,
        category,
        unsubscribe_category: category === 'account' ? null : category,
        message_id: `<${randomUUID()}@${context.messageIdDomain}>`,
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    outboxId = queued?.id ?? null;
  }
  return { userId, notificationId, outboxId };
}
