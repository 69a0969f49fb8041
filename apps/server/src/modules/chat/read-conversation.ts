import type { User } from '@marketplace/contracts';
import { sql } from 'kysely';
import type { ChatDeps } from './chat-deps';
import { participant } from './participants';

/** I have read up to `messageId` (never backwards, never past the newest). */
export async function readConversation(
  { db, events }: Pick<ChatDeps, 'db' | 'events'>,
  user: User,
  id: number,
  messageId: number,
): Promise<void> {
  const role = await participant(db, user.id, id);
  const column = `${role}_read_id` as const;
  await events.run(async (unit) => {
    const updated = await unit.db
      .updateTable('conversations')
      .set({ [column]: sql<number>`least(${messageId}, last_message_id)` })
      .where('id', '=', id)
      .where(column, '<', sql<number>`least(${messageId}, last_message_id)`)
      .returning(column)
      .executeTakeFirst();
    if (updated) {
      await unit.emit('conversation.read', { conversationId: id, readerId: user.id, messageId: updated[column] });
    }
  });
}
