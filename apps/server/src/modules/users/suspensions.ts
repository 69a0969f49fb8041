import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The account's suspension as moderation decided it (issue 29): since when, until when (null: for good), why. */
async function suspend(
  trx: Kysely<Database>,
  userId: number,
  { at, until, reason }: { at: Date; until: Date | null; reason: string },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ suspended_at: at, suspended_until: until, suspension_reason: reason })
    .where('id', '=', userId)
    .execute();
}

async function lift(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ suspended_at: null, suspended_until: null, suspension_reason: null })
    .where('id', '=', userId)
    .execute();
}

/**
 * The users module's listeners: a suspension decided or ended by moderation is written on the
 * account in the action's transaction (login reads it: modules/auth, the session lookup too).
 */
export const users = fp(
  (app: FastifyInstance) => {
    app.events.on('moderation.user-suspended', 'in-transaction', ({ userId, at, until, reason }, unit) =>
      suspend(unit.db, userId, { at, until, reason }),
    );
    app.events.on('moderation.suspension-lifted', 'in-transaction', ({ userId }, unit) => lift(unit.db, userId));
    return Promise.resolve();
  },
  { name: 'users', dependencies: ['domain-events'] },
);
