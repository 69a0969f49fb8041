import type { Conversation, Locale, User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { summaries, toConversation } from './conversation-summaries';

/** One of my conversations; undefined for anyone else's or none (the routes answer 404). */
export async function viewConversation(
  db: Kysely<Database>,
  user: User,
  id: number,
  locale: Locale,
): Promise<Conversation | undefined> {
  const row = await summaries(db, user.id, locale)
    .where('conversations.id', '=', id)
    .where((eb) => eb.or([eb('conversations.buyer_id', '=', user.id), eb('conversations.seller_id', '=', user.id)]))
    .executeTakeFirst();
  return row && toConversation(db, locale, row, user.id);
}
