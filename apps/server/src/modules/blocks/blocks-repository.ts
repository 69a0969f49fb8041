import { API_MESSAGES, MAX_BLOCKS, message, type BlockedUser, type User } from '@marketplace/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { avatarUrl } from '../media';
import { publicName } from '../users';

/** Between two people, from the first one's side: who blocked whom, if anyone. */
export type BlockBetween = 'i-blocked' | 'blocked-me' | null;

/**
 * Whether `me` and `other` may deal with each other: read in the caller's transaction, so an order
 * and the block it checks are one consistent moment. When both blocked each other, mine comes first:
 * the answer then says how to undo it.
 */
export async function blockBetween(
  db: Kysely<Database> | Transaction<Database>,
  me: number,
  other: number,
): Promise<BlockBetween> {
  const rows = await db
    .selectFrom('user_blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', me), eb('blocked_id', '=', other)]),
        eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', me)]),
      ]),
    )
    .execute();
  if (rows.some((row) => row.blocker_id === me)) return 'i-blocked';
  return rows.length > 0 ? 'blocked-me' : null;
}

/** A user's blocks: who they block, adding and removing them. */
export class BlocksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(userId: number): Promise<BlockedUser[]> {
    const rows = await this.db
      .selectFrom('user_blocks')
      .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
      .leftJoin('companies', 'companies.user_id', 'users.id')
      .select([
        'users.id',
        'users.first_name',
        'users.last_name',
        'users.account_type',
        'users.avatar_key',
        'companies.name as company_name',
        'user_blocks.created_at',
      ])
      .where('user_blocks.blocker_id', '=', userId)
      .orderBy('user_blocks.created_at', 'desc')
      .orderBy('user_blocks.blocked_id', 'desc')
      .execute();
    return rows.map((row) => ({
      user: { id: row.id, name: publicName(row), avatar: avatarUrl(row.avatar_key) },
      blocked_at: row.created_at.toISOString(),
    }));
  }

  /**
   * Blocks `blockedId` (204 however often): nobody unknown (404), not oneself (409), at most
   * MAX_BLOCKS (409). The count is taken under a lock on the blocker's row, so tabs blocking at once
   * cannot pass the limit together.
   */
  async block(blocker: User, blockedId: number): Promise<void> {
    if (blockedId === blocker.id) throw new HttpError(409, message('block.self'));
    await this.db.transaction().execute(async (trx) => {
      const target = await trx.selectFrom('users').select('id').where('id', '=', blockedId).executeTakeFirst();
      if (!target) throw new HttpError(404, message(API_MESSAGES.notFound));
      await trx.selectFrom('users').select('id').where('id', '=', blocker.id).forUpdate().executeTakeFirst();
      const already = await trx
        .selectFrom('user_blocks')
        .select('blocked_id')
        .where('blocker_id', '=', blocker.id)
        .where('blocked_id', '=', blockedId)
        .executeTakeFirst();
      if (already) return;
      const { n } = await trx
        .selectFrom('user_blocks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('blocker_id', '=', blocker.id)
        .executeTakeFirstOrThrow();
      if (n >= MAX_BLOCKS) throw new HttpError(409, message('block.tooMany', { max: MAX_BLOCKS }));
      await trx
        .insertInto('user_blocks')
        .values({ blocker_id: blocker.id, blocked_id: blockedId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
  }

  async unblock(blockerId: number, blockedId: number): Promise<void> {
    await this.db
      .deleteFrom('user_blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .execute();
  }
}
