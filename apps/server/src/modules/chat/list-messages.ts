import { CHAT_LIMITS, type ChatMessage, type User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toChatMessage } from './chat-message';
import { participant } from './participants';

/**
 * A page of a conversation's messages, oldest first: the newest ones, those older than `before`
 * (scrolling up) or newer than `after` (catching up after a reconnect, in order, once each).
 */
export async function listMessages(
  db: Kysely<Database>,
  user: User,
  id: number,
  {
    before,
    after,
    limit = CHAT_LIMITS.pageSize,
  }: { before?: number | undefined; after?: number | undefined; limit?: number | undefined },
): Promise<{ data: ChatMessage[]; has_older: boolean }> {
  await participant(db, user.id, id);
  let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', id);
  if (after !== undefined) {
    const rows = await query.where('id', '>', after).orderBy('id', 'asc').limit(limit).execute();
    const first = rows[0];
    const older = first
      ? await db
          .selectFrom('messages')
          .select('id')
          .where('conversation_id', '=', id)
          .where('id', '<', first.id)
          .limit(1)
          .executeTakeFirst()
      : undefined;
    return { data: rows.map(toChatMessage), has_older: Boolean(older) };
  }
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { data: rows.slice(0, limit).reverse().map(toChatMessage), has_older: rows.length > limit };
}
