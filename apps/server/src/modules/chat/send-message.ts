import type { ChatMessage, User } from '@marketplace/contracts';
import type { ChatDeps } from './chat-deps';
import { insertMessage, sendable, sent } from './message-writes';

/**
 * Sends a message: the same client id again is the same message (`created` false), however the
 * first answer was lost. The conversation's row is locked, so its messages take their ids and its
 * newest message in one order, and a block made a moment before is seen.
 */
export async function sendMessage(
  { events }: Pick<ChatDeps, 'events'>,
  sender: User,
  id: number,
  input: { client_id: string; body: string },
): Promise<{ message: ChatMessage; created: boolean }> {
  return events.run(async (unit) => {
    const trx = unit.db;
    const { conversation, role, repeat } = await sendable(trx, sender, id, input.client_id, true);
    if (repeat) return sent(unit, { conversation, row: repeat, created: false });
    const row = await insertMessage(trx, conversation.id, role, {
      sender_id: sender.id,
      kind: 'text',
      body: input.body,
      client_id: input.client_id,
    });
    return sent(unit, { conversation, row, created: true });
  });
}
