import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Role } from './participants';
import { fromAnotherPerson } from './unread-messages';

/** Unread messages in all of a user's conversations, from the other person (never system lines): the header's badge. */
export async function unreadTotal(db: Kysely<Database>, userId: number): Promise<number> {
  const count = (role: Role) =>
    db
      .selectFrom('conversations')
      .innerJoin('messages', 'messages.conversation_id', 'conversations.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(`conversations.${role}_id`, '=', userId)
      .whereRef('messages.id', '>', `conversations.${role}_read_id`)
      .where(fromAnotherPerson(userId))
      .executeTakeFirstOrThrow();
  const [asBuyer, asSeller] = await Promise.all([count('buyer'), count('seller')]);
  return asBuyer.n + asSeller.n;
}
