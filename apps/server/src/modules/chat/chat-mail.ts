import { pageLinks, realtimeChannels } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Notifications } from '../notifications';
import { publicName } from '../users';
import { fromAnotherPerson } from './unread-messages';

/** Messages unread this long count as missed: a reader on the site has read them by then. */
export const CHAT_MAIL_AFTER_MS = 2 * 60 * 1000;
/** At most one e-mail per conversation and reader in this time, however many messages arrive. */
export const CHAT_MAIL_EVERY_MS = 15 * 60 * 1000;
/** Sides handled per run: a backlog drains over a few runs rather than in one long one. */
const BATCH = 200;

type Side = 'buyer' | 'seller';

export interface ChatMailDeps {
  db: Kysely<Database>;
  notifications: Pick<Notifications, 'notify' | 'announce'>;
  /** Whether the user has the site open now (a tab subscribed to their private channel). */
  isOnline: (userId: number) => Promise<boolean>;
}

/**
 * Chat's e-mail to people who are away (decision 024), every minute: for each side of a
 * conversation with messages the other person sent (never an order's system lines) unread for CHAT_MAIL_AFTER_MS and not yet covered
 * by an e-mail, and no e-mail to that side in CHAT_MAIL_EVERY_MS, one e-mail (category messages,
 * as the reader's settings allow) saying how many wait — unless the reader has the site open now.
 * Each side is claimed `for update skip locked` and its marks move in the same transaction as the
 * e-mail enters the outbox: two processes never send it twice, a restart loses none.
 */
export async function runChatMail({ db, notifications, isOnline }: ChatMailDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const side of ['buyer', 'seller'] as const) {
    const due = await dueSides(db, side, now);
    for (const candidate of due) {
      const reader = side === 'buyer' ? candidate.buyer_id : candidate.seller_id;
      if (await isOnline(reader)) continue;
      const notified = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('conversations')
          .selectAll()
          .where('id', '=', candidate.id)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return null;
        const readId = side === 'buyer' ? row.buyer_read_id : row.seller_read_id;
        const mailedId = side === 'buyer' ? row.buyer_mailed_id : row.seller_mailed_id;
        const mailedAt = side === 'buyer' ? row.buyer_mailed_at : row.seller_mailed_at;
        if (mailedAt && now.getTime() - mailedAt.getTime() < CHAT_MAIL_EVERY_MS) return null;
        const unread = await trx
          .selectFrom('messages')
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.max('id').as('newest'),
            eb.fn.min('created_at').as('oldest'),
          ])
          .where('conversation_id', '=', row.id)
          .where('id', '>', Math.max(readId, mailedId))
          .where(fromAnotherPerson(reader))
          .executeTakeFirstOrThrow();
        if (
          unread.count === 0 ||
          !unread.oldest ||
          now.getTime() - new Date(unread.oldest).getTime() < CHAT_MAIL_AFTER_MS
        ) {
          return null;
        }
        const sender = await trx
          .selectFrom('users')
          .leftJoin('companies', 'companies.user_id', 'users.id')
          .select(['users.first_name', 'users.last_name', 'users.account_type', 'companies.name as company_name'])
          .where('users.id', '=', side === 'buyer' ? row.seller_id : row.buyer_id)
          .executeTakeFirst();
        const listing = await trx
          .selectFrom('listings')
          .select('title')
          .where('id', '=', row.listing_id)
          .executeTakeFirst();
        const result = await notifications.notify(trx, {
          userId: reader,
          category: 'messages',
          type: 'message.unread',
          data: {
            conversation_id: row.id,
            name: sender ? publicName(sender) : '',
            title: listing?.title ?? '',
            count: unread.count,
          },
          path: pageLinks.conversation(row.id),
          key: `message.unread:${row.id}:${side}:${String(unread.newest)}`,
          // The header's badge is the in-app signal for messages: this is the e-mail alone.
          emailOnly: true,
        });
        await trx
          .updateTable('conversations')
          .set(
            side === 'buyer'
              ? { buyer_mailed_id: unread.newest ?? 0, buyer_mailed_at: now }
              : { seller_mailed_id: unread.newest ?? 0, seller_mailed_at: now },
          )
          .where('id', '=', row.id)
          .execute();
        return result;
      });
      if (notified) {
        await notifications.announce([notified]);
        if (notified.outboxId !== null) sent += 1;
      }
    }
  }
  return sent;
}

/** Sides that may be due: unread messages the other person sent, past the delay, not yet mailed about. */
function dueSides(db: Kysely<Database>, side: Side, now: Date) {
  const readId = sql.ref<number>(`conversations.${side}_read_id`);
  const mailedId = sql.ref<number>(`conversations.${side}_mailed_id`);
  const mailedAt = sql.ref<Date | null>(`conversations.${side}_mailed_at`);
  const readerId = sql.ref<number>(`conversations.${side}_id`);
  return (
    db
      .selectFrom('conversations')
      // Nobody reads a deleted account's mail (decision 026).
      .innerJoin('users as readers', 'readers.id', `conversations.${side}_id`)
      .where('readers.deleted_at', 'is', null)
      .select(['conversations.id', 'conversations.buyer_id', 'conversations.seller_id'])
      .where(sql<boolean>`conversations.last_message_id > greatest(${readId}, ${mailedId})`)
      .where(
        sql<boolean>`(${mailedAt} is null or ${mailedAt} <= ${now}::timestamptz - make_interval(secs => ${CHAT_MAIL_EVERY_MS / 1000}))`,
      )
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('messages')
            .select(sql.lit(1).as('one'))
            .whereRef('messages.conversation_id', '=', 'conversations.id')
            .where(sql<boolean>`messages.id > greatest(${readId}, ${mailedId})`)
            .where(fromAnotherPerson(readerId))
            .where(
              sql<boolean>`messages.created_at <= ${now}::timestamptz - make_interval(secs => ${CHAT_MAIL_AFTER_MS / 1000})`,
            ),
        ),
      )
      .orderBy('conversations.id')
      .limit(BATCH)
      .execute()
  );
}

/** The chat mail job's view of the real-time server: someone is online when a tab listens on their channel. */
export const onlineByChannel =
  (isOccupied: (channel: string) => Promise<boolean>) =>
  (userId: number): Promise<boolean> =>
    isOccupied(realtimeChannels.user(userId));
