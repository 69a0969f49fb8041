import type { User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toChatMessage } from './chat-message';
import { conflict, participant } from './participants';

/** At most this many of the newest messages go with a report. */
const REPORTED_MESSAGES = 500;

/** Keeps a report with the conversation's messages as they are now; once per person and conversation (409 after). */
export async function reportConversation(db: Kysely<Database>, user: User, id: number, reason: string): Promise<void> {
  await participant(db, user.id, id);
  return db.transaction().execute(async (trx) => {
    // One report per person and conversation: the lock makes two tabs reporting at once one report.
    await trx.selectFrom('conversations').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const prior = await trx
      .selectFrom('conversation_reports')
      .select('id')
      .where('conversation_id', '=', id)
      .where('reporter_id', '=', user.id)
      .executeTakeFirst();
    if (prior) throw conflict('chat.alreadyReported');
    const messages = await trx
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', id)
      .orderBy('id', 'desc')
      .limit(REPORTED_MESSAGES)
      .execute();
    await trx
      .insertInto('conversation_reports')
      .values({
        conversation_id: id,
        reporter_id: user.id,
        reason,
        messages: JSON.stringify(messages.reverse().map(toChatMessage)),
      })
      .execute();
  });
}
