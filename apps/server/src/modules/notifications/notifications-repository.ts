import { NOTIFICATIONS_PAGE_SIZE, type Notification, type Translator } from '@marketplace/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema';
import { notificationText } from './notification-text';

type NotificationRow = Selectable<NotificationsTable>;

export interface NotificationsPageQuery {
  unreadOnly: boolean;
  /** The id of the last notification of the previous page. */
  before?: number | undefined;
  limit?: number | undefined;
}

export function toNotification(translator: Translator, row: NotificationRow): Notification {
  return {
    id: row.id,
    category: row.category,
    type: row.type,
    ...notificationText(translator, row),
    data: row.data,
    path: row.path,
    created_at: row.created_at.toISOString(),
    read_at: row.read_at?.toISOString() ?? null,
  };
}

/** A user's own notifications: newest first, a page at a time (keyset on the id, which grows with time). */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(userId: number, { unreadOnly, before, limit = NOTIFICATIONS_PAGE_SIZE.default }: NotificationsPageQuery) {
    let query = this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    if (unreadOnly) query = query.where('read_at', 'is', null);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { rows: shown, nextBefore: rows.length > limit && last ? last.id : null };
  }

  /**
   * The bell's badge: unread notifications newer than the newest one the user was shown when they
   * last opened their list (markSeen). Read off the unread index, from the mark on.
   */
  async unreadCount(userId: number): Promise<number> {
    const { count } = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('id', '>', sql<number>`coalesce((select up_to_id from notifications_seen where user_id = ${userId}), 0)`)
      .executeTakeFirstOrThrow();
    return count;
  }

  /**
   * The user saw their list up to `upToId`: the mark moves there, never back, and never past the
   * user's own newest notification (an id from the future would hide those yet to come).
   */
  async markSeen(userId: number, upToId: number): Promise<void> {
    await sql`insert into notifications_seen (user_id, up_to_id)
      select ${userId}, least(${upToId}::bigint, max(id)) from notifications where user_id = ${userId}
      having max(id) is not null
      on conflict (user_id) do update
        set up_to_id = greatest(notifications_seen.up_to_id, excluded.up_to_id), seen_at = now()`.execute(this.db);
  }

  /** Marks one as read (once: a second call keeps the first time); undefined when it is not the user's. */
  async markRead(userId: number, id: number): Promise<NotificationRow | undefined> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Marks every unread one read; answers how many changed. */
  async markAllRead(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
