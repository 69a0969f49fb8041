import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A user's e-mail address changed (decision 040): their place on the list follows it, in the same
 * transaction. The row linked to them, or with their old address, takes the new one; when the new
 * address already has a row of its own (a form sign-up), that row is linked to them and keeps the
 * better standing of the two, and the old row goes.
 */
export async function followEmailChange(
  db: Kysely<Database>,
  { userId, from, to }: { userId: number; from: string; to: string },
): Promise<void> {
  const address = to.toLowerCase();
  const old = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'status', 'confirmed_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', from.toLowerCase())]))
    .orderBy('user_id')
    .executeTakeFirst();
  if (!old) return;
  const taken = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'status'])
    .where('email', '=', address)
    .executeTakeFirst();
  if (!taken || taken.id === old.id) {
    await db
      .updateTable('newsletter_subscribers')
      .set({ email: address, user_id: userId, updated_at: new Date() })
      .where('id', '=', old.id)
      .execute();
    return;
  }
  await db.deleteFrom('newsletter_subscribers').where('id', '=', old.id).execute();
  await db
    .updateTable('newsletter_subscribers')
    .set({
      user_id: userId,
      updated_at: new Date(),
      ...(old.status === 'confirmed' &&
        taken.status !== 'confirmed' && {
          status: 'confirmed' as const,
          confirmed_at: old.confirmed_at ?? new Date(),
          unsubscribed_at: null,
          confirmation_token_hash: null,
          confirmation_expires_at: null,
        }),
    })
    .where('id', '=', taken.id)
    .execute();
}
