import {
  defaultSetting,
  isLockedSetting,
  notificationCategories,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationSetting,
} from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import './events';

export interface SettingChange {
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
}

/** Whether `category` reaches the user by each channel: their own switch, else the default. */
export type Channels = Record<NotificationChannel, boolean>;

const effective = (category: NotificationCategory, channel: NotificationChannel, stored: boolean | undefined) =>
  isLockedSetting(category, channel) || (stored ?? defaultSetting(category));

const isNewsEmail = (category: NotificationCategory, channel: NotificationChannel) =>
  category === 'news' && channel === 'email';

/** News by e-mail IS the newsletter's list (decision 037): on when the user's address is confirmed on it. */
async function onNewsletter(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The switches per category and channel. Only the ones a user changed are rows; the rest follow
 * the defaults in the contracts (on, but news), so a new default reaches everyone who never chose.
 */
export class NotificationSettings {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: DomainEventBus,
  ) {}

  async list(userId: number): Promise<NotificationSetting[]> {
    const rows = await this.db
      .selectFrom('notification_settings')
      .select(['category', 'channel', 'enabled'])
      .where('user_id', '=', userId)
      .execute();
    const news = await onNewsletter(this.db, userId);
    const stored = (category: NotificationCategory, channel: NotificationChannel) =>
      isNewsEmail(category, channel)
        ? news
        : rows.find((row) => row.category === category && row.channel === channel)?.enabled;
    return notificationCategories.map((category) => ({
      category,
      in_app: effective(category, 'in_app', stored(category, 'in_app')),
      email: effective(category, 'email', stored(category, 'email')),
      email_locked: isLockedSetting(category, 'email'),
    }));
  }

  /**
   * The caller refuses a locked switch first; the table's check refuses it too. News by e-mail is
   * the newsletter's list: its change is told, in the same transaction, to the module that keeps it.
   */
  async change(userId: number, changes: readonly SettingChange[]): Promise<void> {
    // One row per switch (the last change wins): an upsert may not touch a row twice.
    const unique = new Map(changes.map((change) => [`${change.category}:${change.channel}`, change]));
    if (unique.size === 0) return;
    await this.events.run(async (unit) => {
      await this.store(unit.db, userId, [...unique.values()]);
      const news = unique.get('news:email');
      if (news) await unit.emit('notifications.news-email-changed', { userId, enabled: news.enabled });
    });
  }

  private async store(db: Kysely<Database>, userId: number, unique: readonly SettingChange[]): Promise<void> {
    await db
      .insertInto('notification_settings')
      .values(unique.map((change) => ({ user_id: userId, ...change })))
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'category', 'channel']).doUpdateSet((eb) => ({
          enabled: eb.ref('excluded.enabled'),
          updated_at: new Date(),
        })),
      )
      .execute();
  }
}

/** The channels of one category for one user, read inside the caller's transaction. */
export async function channelsOf(
  db: Kysely<Database>,
  userId: number,
  category: NotificationCategory,
): Promise<Channels> {
  const rows = await db
    .selectFrom('notification_settings')
    .select(['channel', 'enabled'])
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .execute();
  const stored = (channel: NotificationChannel) => rows.find((row) => row.channel === channel)?.enabled;
  return {
    in_app: effective(category, 'in_app', stored('in_app')),
    email: category === 'news' ? await onNewsletter(db, userId) : effective(category, 'email', stored('email')),
  };
}
