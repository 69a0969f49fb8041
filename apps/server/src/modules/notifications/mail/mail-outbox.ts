import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MailOutboxTable } from '../../../db/schema';

export type OutboxRow = Selectable<MailOutboxTable>;

/**
 * The outbox's states: pending (due at next_attempt_at) → sending (claimed by one worker until
 * locked_until) → sent, or back to pending with a later next_attempt_at, or failed for good. A
 * claim whose lease ran out is due again: its worker died, or hangs, between claim and result.
 */
export class MailOutbox {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims the oldest due row for `worker` for `leaseMs`, counting the attempt; or undefined when
   * none is due. SKIP LOCKED: workers in other processes claiming at the same moment take other rows.
   */
  async claim(worker: string, leaseMs: number, skip: readonly number[] = []): Promise<OutboxRow | undefined> {
    const { rows } = await sql<OutboxRow>`
      update mail_outbox set
        status = 'sending',
        attempts = attempts + 1,
        locked_by = ${worker},
        locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      where id = (
        select id from mail_outbox
        where ((status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until <= now()))
          and id <> all(${[...skip]}::int[])
        order by id
        limit 1
        for update skip locked
      )
      returning *`.execute(this.db);
    return rows[0];
  }

  /** Records the send; false when this worker's claim had lapsed and another worker holds the row. */
  async markSent(id: number, worker: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: new Date(), locked_until: null, last_error: null })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Forgets e-mails sent more than `days` ago (failed ones stay, for someone to look into). */
  async pruneSent(days: number): Promise<number> {
    const result = await this.db
      .deleteFrom('mail_outbox')
      .where('status', '=', 'sent')
      .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Puts the row back to be tried in `retryInMs` (by the database's clock), or gives it up (null). */
  async markFailed(id: number, worker: string, error: string, retryInMs: number | null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        status: retryInMs === null ? 'failed' : 'pending',
        ...(retryInMs !== null && { next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})` }),
        locked_until: null,
        last_error: error.slice(0, 1000),
      })
      .where('id', '=', id)
      .where('locked_by', '=', worker)
      .where('status', '=', 'sending')
      .execute();
  }
}
