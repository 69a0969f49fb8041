import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Counts attempts per key in the database, so every server process sees the same counts
 * (Laravel's RateLimiter, on a table instead of a cache).
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  /** Seconds until `key` may try again, or 0 when it has attempts left. */
  async availableIn(key: string, maxAttempts: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as('seconds_left')])
      .where('key', '=', key)
      .where('reset_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row && row.hits >= maxAttempts ? Math.max(1, row.seconds_left) : 0;
  }

  /** Counts one attempt; the window starts at the first attempt and lasts `decaySeconds`. */
  async hit(key: string, decaySeconds: number): Promise<number> {
    const expired = sql<boolean>`rate_limits.reset_at <= now()`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: sql<Date>`now() + make_interval(secs => ${decaySeconds})` })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<Date>`case when ${expired} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits;
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async pruneExpired(): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('reset_at', '<=', sql<Date>`now()`)
      .execute();
  }
}
