import {
  CHAT_LIMITS,
  type Conversation,
  type ConversationFilter,
  type Locale,
  type User,
  encodePageCursor,
} from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { summaries, toConversation } from './conversation-summaries';
import type { Role } from './participants';
import { fromAnotherPerson } from './unread-messages';

/**
 * My conversations with at least one message, newest message first; `unread` keeps those with
 * messages I have not read, `archived` the ones I archived (the others leave them out). The
 * cursor is the last one's newest message id. With `order`, only that order's conversation (its
 * buyer's about its listing), archived or not: none when the order is not mine.
 */
export async function listConversations(
  db: Kysely<Database>,
  user: User,
  filter: ConversationFilter | undefined,
  cursor: number | undefined,
  locale: Locale,
  limit: number = CHAT_LIMITS.conversationsPageSize,
  order?: number,
): Promise<{ data: Conversation[]; next_cursor: string | null }> {
  const side = (role: Role) => {
    let query = summaries(db, user.id, locale)
      .where(`conversations.${role}_id`, '=', user.id)
      .where('conversations.last_message_id', '>', 0);
    if (order === undefined) {
      query = query.where(`conversations.${role}_archived`, '=', filter === 'archived');
    } else {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('orders')
            .select(sql.lit(1).as('one'))
            .where('orders.id', '=', order)
            .whereRef('orders.buyer_id', '=', 'conversations.buyer_id')
            .whereRef('orders.listing_id', '=', 'conversations.listing_id'),
        ),
      );
    }
    if (cursor !== undefined) query = query.where('conversations.last_message_id', '<', cursor);
    if (filter === 'unread') {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('messages')
            .select(sql.lit(1).as('one'))
            .whereRef('messages.conversation_id', '=', 'conversations.id')
            .whereRef('messages.id', '>', `conversations.${role}_read_id`)
            .where(fromAnotherPerson(user.id)),
        ),
      );
    }
    return query.orderBy('conversations.last_message_id', 'desc').limit(limit + 1);
  };
  // Each side on its own index, then merged: cheaper than one OR across both.
  const [asBuyer, asSeller] = await Promise.all([side('buyer').execute(), side('seller').execute()]);
  const rows = [...asBuyer, ...asSeller].sort((a, b) => b.last_message_id - a.last_message_id).slice(0, limit + 1);
  const page = rows.slice(0, limit);
  const data = await Promise.all(page.map((row) => toConversation(db, locale, row, user.id)));
  const last = page.at(-1);
  return { data, next_cursor: rows.length > limit && last ? encodePageCursor('id', last.last_message_id) : null };
}
