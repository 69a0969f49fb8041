import { encodeMessage, type Message } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from './errors';

/** At most `maxAttempts` in a window of `decaySeconds` that starts at the first attempt. */
export interface AttemptLimit {
  maxAttempts: number;
  decaySeconds: number;
}

/**
 * Counts attempts per key in the database, so every server process sees the same counts
 * (Laravel's RateLimiter, on a table instead of a cache).
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt and answers, in the same statement, whether it is within `maxAttempts`: 0 when
   * it is, else the seconds until the window ends. Counting before the work means requests arriving
   * together cannot all pass a check made before any of them was counted. The window starts at the
   * first attempt and lasts `decaySeconds`; attempts refused meanwhile do not move its end.
   */
  async attempt(key: string, { maxAttempts, decaySeconds }: AttemptLimit): Promise<number> {
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
      .returning(['hits', sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as('seconds_left')])
      .executeTakeFirstOrThrow();
    return row.hits > maxAttempts ? Math.max(1, row.seconds_left) : 0;
  }

  /** Counts an attempt on `key`; beyond `limit`, throws 429 with Retry-After and the message under `field`. */
  async enforce(
    key: string,
    limit: AttemptLimit,
    refusal: { field: string; message: (seconds: number) => Message },
  ): Promise<void> {
    const retryAfter = await this.attempt(key, limit);
    if (retryAfter === 0) return;
    const message = refusal.message(retryAfter);
    throw new HttpError(429, message, {
      headers: { 'retry-after': String(retryAfter) },
      errors: { [refusal.field]: [encodeMessage(message)] },
    });
  }

  /** Takes back one attempt that turned out to be legitimate, leaving the others and the window as they are. */
  async forgive(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .execute();
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
