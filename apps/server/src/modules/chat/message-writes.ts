import type { ChatMessage, User } from '@marketplace/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema';
import { blockBetween } from '../blocks';
import type { UnitOfWork } from '../../events/unit-of-work';
import { toChatMessage, type MessageRow } from './chat-message';
import { conflict, notFound, roleOf, type ConversationRow, type Role } from './participants';

/**
 * Whether `sender` may send in conversation `id` now: 404 when it is not theirs, 409 when the
 * other person is gone or a block stands; `repeat` is the message already sent with this client
 * id. `lock` takes the conversation's row for the transaction that adds the message.
 */
export async function sendable(db: Kysely<Database>, sender: User, id: number, clientId: string, lock: boolean) {
  let query = db.selectFrom('conversations').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const conversation = await query.executeTakeFirst();
  const role = conversation && roleOf(conversation, sender.id);
  if (!conversation || !role) throw notFound();
  const repeat = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', id)
    .where('sender_id', '=', sender.id)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (repeat) return { conversation, role, repeat };
  const other = role === 'buyer' ? conversation.seller_id : conversation.buyer_id;
  const gone = await db.selectFrom('users').select('deleted_at').where('id', '=', other).executeTakeFirst();
  if (!gone || gone.deleted_at !== null) throw conflict('chat.otherDeleted');
  const block = await blockBetween(db, sender.id, other);
  if (block === 'i-blocked') throw conflict('chat.youBlocked');
  if (block === 'blocked-me') throw conflict('chat.blockedYou');
  return { conversation, role, repeat: undefined };
}

/**
 * Adds a message to a locked conversation: its newest, read by the side that wrote it (`readBy`;
 * null for a system line, which marks nothing read), and back in both lists if either had archived it.
 */
export async function insertMessage(
  trx: Kysely<Database>,
  conversationId: number,
  readBy: Role | null,
  values: Omit<Insertable<MessagesTable>, 'conversation_id'>,
): Promise<MessageRow> {
  const row = await trx
    .insertInto('messages')
    .values({ ...values, conversation_id: conversationId })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('conversations')
    .set({
      last_message_id: row.id,
      buyer_archived: false,
      seller_archived: false,
      ...(readBy && { [`${readBy}_read_id`]: row.id }),
    })
    .where('id', '=', conversationId)
    .execute();
  return row;
}

/** The stored message; a new one is told to the other side once the unit commits (`message.created`). */
export async function sent(
  unit: UnitOfWork,
  result: { conversation: ConversationRow; row: MessageRow; created: boolean },
): Promise<{ message: ChatMessage; created: boolean }> {
  const chatMessage = toChatMessage(result.row);
  if (result.created) await unit.emit('message.created', { conversation: result.conversation, message: chatMessage });
  return { message: chatMessage, created: result.created };
}
