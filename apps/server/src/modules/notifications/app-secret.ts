import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const NAME = 'app_key';

/**
 * The app's signing secret: APP_KEY when set, else one the first process made and kept in the
 * database, so every process and every restart signs alike (an unsubscribe link in a week-old
 * e-mail must still work). Whoever inserts first wins; the others read theirs.
 */
export async function appSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  await db
    .insertInto('app_secrets')
    .values({ name: NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const { value } = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  return value;
}
