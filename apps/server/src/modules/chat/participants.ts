import { API_MESSAGES, message } from '@marketplace/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

export type ConversationRow = Selectable<ConversationsTable>;
export type Role = 'buyer' | 'seller';

export const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));
export const conflict = (key: Parameters<typeof message>[0]) => new HttpError(409, message(key));

export const roleOf = (row: { buyer_id: number; seller_id: number }, userId: number): Role | null =>
  row.buyer_id === userId ? 'buyer' : row.seller_id === userId ? 'seller' : null;

/** The user's side in a conversation, or 404 when they have none (or it does not exist). */
export async function participant(db: Kysely<Database>, userId: number, id: number): Promise<Role> {
  const row = await db
    .selectFrom('conversations')
    .select(['buyer_id', 'seller_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  const role = row && roleOf(row, userId);
  if (!role) throw notFound();
  return role;
}
