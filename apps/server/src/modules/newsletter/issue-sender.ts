import { NEWSLETTER_API } from '@marketplace/contracts/newsletter';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus, UnitOfWork } from '../../events/unit-of-work';
import type { AddressMail } from '../notifications';
import { issueProgress, type IssueRow } from './issues-repository';
import type { UnsubscribeLinks } from './newsletter-tokens';

export interface SenderDeps {
  db: Kysely<Database>;
  events: DomainEventBus;
  links: UnsubscribeLinks;
  mailMany: (unit: UnitOfWork, mails: readonly AddressMail[]) => Promise<Map<string, number>>;
  /** After the batch's commit: its issue's progress, for the staff screen. */
  progressed: (issueId: number) => Promise<void>;
  log: FastifyBaseLogger;
}

export interface SenderOptions {
  /** E-mails handed to the outbox a minute, for every process together; 0: as fast as batches go. */
  perMinute: number;
  /** The most one batch hands over (unpaced, or a pace above 60 × this a minute). */
  batchMax?: number;
  /** How often to look for an issue to send when nothing wakes the sender. */
  pollMs?: number;
}

export interface Batch {
  issueId: number;
  handed: number;
  finished: boolean;
}

/** The outbox key of one subscriber's copy: queued once, whatever happens. */
export const deliveryKey = (issueId: number, subscriberId: number) => `newsletter-issue:${issueId}:${subscriberId}`;

/**
 * Sends the issues being sent, paced (decision 040). A batch is one transaction: it locks the
 * issue's row (FOR UPDATE SKIP LOCKED: another process's sender skips it meanwhile) only when its
 * `next_batch_at` has come, hands the next pending deliveries to the mail outbox with their
 * deliveries marked queued (a conditional update, and the outbox's key per subscriber), and sets the
 * next batch's time from the pace. All its state is in the database: a restart carries on.
 */
export class NewsletterSender {
  private readonly batchMax: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** stop() was called: no further batch (an unpaced issue would otherwise be handed over whole first). */
  private halting = false;

  constructor(
    private readonly deps: SenderDeps,
    private readonly options: SenderOptions,
  ) {
    this.batchMax = options.batchMax ?? 500;
    this.pollMs = options.pollMs ?? 5000;
  }

  private get size(): number {
    const { perMinute } = this.options;
    return perMinute === 0 ? this.batchMax : Math.max(1, Math.min(this.batchMax, Math.ceil(perMinute / 60)));
  }

  /** One batch of the first issue whose turn it is; undefined when none is due. */
  async batch(): Promise<Batch | undefined> {
    const { events, links, mailMany } = this.deps;
    const { perMinute } = this.options;
    const size = this.size;
    const done = await events.run(async (unit) => {
      const { rows } = await sql<IssueRow>`select * from newsletter_issues
        where status = 'sending' and (next_batch_at is null or next_batch_at <= now())
        order by id limit 1 for update skip locked`.execute(unit.db);
      const issue = rows[0];
      if (!issue) return undefined;
      const due = await unit.db
        .selectFrom('newsletter_deliveries as d')
        .innerJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
        .select(['d.subscriber_id', 's.email', 's.locale', 's.status'])
        .where('d.issue_id', '=', issue.id)
        .where('d.status', '=', 'pending')
        .orderBy('d.subscriber_id')
        .limit(size)
        .execute();
      if (due.length === 0) return { issueId: issue.id, handed: 0, finished: await this.finishIfDone(unit, issue) };
      // An address that left the list after the sending began is not written to.
      const onList = due.filter((row) => row.status === 'confirmed');
      const queued = await mailMany(
        unit,
        onList.map((row) => ({
          recipient: row.email,
          recipientName: '',
          locale: row.locale,
          type: 'newsletter.issue',
          data: { issue_id: issue.id, subject: row.locale === 'ar' ? issue.subject_ar : issue.subject },
          path: null,
          key: deliveryKey(issue.id, row.subscriber_id),
          unsubscribePath: `${NEWSLETTER_API.unsubscribe}?token=${links.sign(row.subscriber_id, row.email)}&lang=${row.locale}`,
        })),
      );
      const handed = onList.map((row) => row.subscriber_id);
      const outboxIds = onList.map((row) => queued.get(deliveryKey(issue.id, row.subscriber_id)) ?? null);
      await sql`update newsletter_deliveries d set status = 'queued', queued_at = now(), outbox_id = handed.outbox_id
        from unnest(${handed}::int[], ${outboxIds}::int[]) as handed (subscriber_id, outbox_id)
        where d.issue_id = ${issue.id} and d.subscriber_id = handed.subscriber_id and d.status = 'pending'`.execute(
        unit.db,
      );
      const left = due.filter((row) => row.status !== 'confirmed').map((row) => row.subscriber_id);
      if (left.length > 0) {
        await unit.db
          .updateTable('newsletter_deliveries')
          .set({ status: 'skipped' })
          .where('issue_id', '=', issue.id)
          .where('subscriber_id', 'in', left)
          .where('status', '=', 'pending')
          .execute();
      }
      const pause = perMinute === 0 ? 0 : (due.length * 60) / perMinute;
      await unit.db
        .updateTable('newsletter_issues')
        .set({ next_batch_at: sql<Date>`now() + make_interval(secs => ${pause})` })
        .where('id', '=', issue.id)
        .execute();
      return { issueId: issue.id, handed: due.length, finished: false };
    });
    if (done) await this.deps.progressed(done.issueId);
    return done;
  }

  /** Every copy handed over and none left in the outbox to send: the issue is sent, its counts kept. */
  private async finishIfDone(unit: UnitOfWork, issue: IssueRow): Promise<boolean> {
    const { rows } = await sql<{ unsent: string }>`select count(*) as unsent
      from newsletter_deliveries d join mail_outbox o on o.id = d.outbox_id
      where d.issue_id = ${issue.id} and o.status in ('pending', 'sending')`.execute(unit.db);
    // The mail worker is still at it: the next poll looks again.
    if (Number(rows[0]?.unsent ?? 0) > 0) return false;
    const progress = await issueProgress(unit.db, issue);
    await unit.db
      .updateTable('newsletter_issues')
      .set({
        status: 'sent',
        finished_at: new Date(),
        next_batch_at: null,
        sent_count: progress.sent,
        failed_count: progress.failed,
        updated_at: new Date(),
      })
      .where('id', '=', issue.id)
      .execute();
    return true;
  }

  /** Batches until none is due now, or only an issue whose last copies the mail worker still holds. */
  async runOnce(): Promise<number> {
    let handed = 0;
    for (
      let batch = await this.batch();
      batch && (batch.handed > 0 || batch.finished) && !this.halting;
      batch = await this.batch()
    ) {
      handed += batch.handed;
    }
    return handed;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.poke();
  }

  /** An issue's sending began: look now rather than at the next poll. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runOnce()
      .then(() => this.nextWakeMs())
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'newsletter sender: a batch failed');
        return this.pollMs;
      })
      .then((delay) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.poke();
          return;
        }
        this.timer = setTimeout(() => this.poke(), delay);
        this.timer.unref();
      });
  }

  /** Waits for the batch under way, then stops; what is left is sent by whoever runs next. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halting = true;
    clearTimeout(this.timer);
    await this.running;
    this.halting = false;
  }

  private async nextWakeMs(): Promise<number> {
    const { rows } = await sql<{
      wait: string | null;
    }>`select extract(epoch from min(next_batch_at) - now()) * 1000 as wait
      from newsletter_issues where status = 'sending'`.execute(this.deps.db);
    const wait = rows[0]?.wait;
    return wait === null || wait === undefined ? this.pollMs : Math.min(this.pollMs, Math.max(20, Number(wait)));
  }
}
