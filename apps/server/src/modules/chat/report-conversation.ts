import type { User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database, ReportOutcome } from '../../db/schema';
import type { ChatDeps } from './chat-deps';
import { toChatMessage } from './chat-message';
import { conflict, participant } from './participants';

/** At most this many of the newest messages go with a report. */
const REPORTED_MESSAGES = 500;

/**
 * Keeps a report with the conversation's messages as they are now; once per person and conversation
 * (409 after). `conversation.reported` tells the staff's queue (modules/moderation).
 */
export async function reportConversation(
  { db, events }: Pick<ChatDeps, 'db' | 'events'>,
  user: User,
  id: number,
  reason: string,
): Promise<void> {
  await participant(db, user.id, id);
  return events.run(async (unit) => {
    const trx = unit.db;
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
    await unit.emit('conversation.reported', { conversationId: id });
  });
}

/** A moderator's decision closes a conversation's open reports (modules/moderation's `moderation.reports-resolved`). */
export async function resolveConversationReports(
  trx: Kysely<Database>,
  { reportIds, outcome, by, at }: { reportIds: readonly number[]; outcome: ReportOutcome; by: number; at: Date },
): Promise<void> {
  if (reportIds.length === 0) return;
  await trx
    .updateTable('conversation_reports')
    .set({ resolved_at: at, resolved_by: by, outcome })
    .where('id', 'in', [...reportIds])
    .where('resolved_at', 'is', null)
    .execute();
}
