import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../../db/schema';

export type TokenPurpose = AccountTokensTable['purpose'];

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Single-use links that act for a user: 256 random bits, of which the table keeps only the SHA-256,
 * and nothing in the link names the user. Each method takes the caller's transaction, so a token
 * is issued or spent together with what it is for.
 */
export class AccountTokens {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new token for `userId`, working for `minutes`; the link carries it, the table its hash. */
  async issue(trx: Kysely<Database>, userId: number, purpose: TokenPurpose, minutes: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('account_tokens')
      .values({
        token_hash: hashOf(token),
        user_id: userId,
        purpose,
        expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
      })
      .execute();
    return token;
  }

  /**
   * Spends a token in one statement: the user it was for, or undefined when it is unknown, used or
   * expired. Two requests with the same link race on the row; only one finds it unused.
   */
  async consume(trx: Kysely<Database>, token: string, purpose: TokenPurpose): Promise<number | undefined> {
    const row = await trx
      .updateTable('account_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', hashOf(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Every unspent token of a user for `purpose` stops working (a new password ends the old links). */
  async revoke(trx: Kysely<Database>, userId: number, purpose: TokenPurpose): Promise<void> {
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Forgets tokens a day after they expired (a used one stays until then, for "this link was used"). */
  async pruneExpired(): Promise<void> {
    await this.db
      .deleteFrom('account_tokens')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}
