import type { User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { participant } from './participants';

/** Archives one of my conversations, or brings it back, on my side only (a new message brings it back for both: insertMessage). */
export async function archiveConversation(
  db: Kysely<Database>,
  user: User,
  id: number,
  archived: boolean,
): Promise<void> {
  const role = await participant(db, user.id, id);
  await db
    .updateTable('conversations')
    .set({ [`${role}_archived`]: archived })
    .where('id', '=', id)
    .execute();
}
