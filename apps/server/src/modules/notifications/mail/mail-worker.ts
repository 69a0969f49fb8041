import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '../../../db/schema';
import { MailOutbox, type OutboxRow } from './mail-outbox';
import type { MailTransport } from './mail-transport';

export interface MailWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  /** The e-mail an outbox row becomes (mail-message.ts), with its signed links. */
  compose: (row: OutboxRow) => SendMailOptions | Promise<SendMailOptions>;
  log: FastifyBaseLogger;
  /** Unique per worker: a claim is only ever finished by the worker that holds it. */
  name?: string;
  /** How long a claim lasts: far longer than a send can take (SMTP_TIMEOUTS), so a live send is never taken over. */
  leaseMs?: number;
  /** Attempts before a row is given up as failed. */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number;
  /** How often to look for due rows when nothing wakes the worker (retries, other processes' rows). */
  pollMs?: number;
  /** Rows sent side by side. */
  concurrency?: number;
}

export interface WorkerRun {
  sent: number;
  retried: number;
  failed: number;
}

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * Sends the outbox: claims one due row at a time (FOR UPDATE SKIP LOCKED plus a lease, so any
 * number of workers in any number of processes share the rows and never send one at the same
 * time), sends it, and records the result; a failure is tried again later with exponential
 * backoff, and given up after maxAttempts. At least once: a process that dies after the server took
 * an e-mail but before recording it sends that e-mail again once its lease runs out, with the
 * same Message-ID (decision 019).
 */
export class MailWorker {
  readonly name: string;
  private readonly outbox: MailOutbox;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<WorkerRun> | undefined;
  private again = false;
  private stopped = true;
  /** stop() was called: lanes claim no more rows (a run over a long outbox would otherwise go on to its end). */
  private halting = false;

  constructor(private readonly options: MailWorkerOptions) {
    this.name = options.name ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.outbox = new MailOutbox(options.db);
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.concurrency = options.concurrency ?? 2;
  }

  /** Looks for due rows now and every pollMs, until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.poke();
  }

  /** Something was just queued (after its commit): send it now rather than at the next poll. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runOnce()
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'mail worker: could not read the outbox');
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.poke();
        } else {
          this.timer = setTimeout(() => this.poke(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Waits for the sends under way, then stops; claims not finished run out and are sent again elsewhere. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halting = true;
    clearTimeout(this.timer);
    await this.running;
    this.halting = false;
  }

  /**
   * Sends every row due now, `concurrency` at a time; answers what happened. A row is tried once
   * per run: one whose retry comes due while the run goes on waits for the next, rather than
   * spending its attempts against a server that refuses it in one go.
   */
  async runOnce(): Promise<WorkerRun> {
    const run: WorkerRun = { sent: 0, retried: 0, failed: 0 };
    const tried: number[] = [];
    const lane = async () => {
      while (!this.halting) {
        const row = await this.outbox.claim(this.name, this.leaseMs, tried);
        if (!row) return;
        const result = await this.deliver(row);
        // Only a row put back can be due again in this run; a sent or failed one never is.
        if (result === 'retried') tried.push(row.id);
        run[result] += 1;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, lane));
    return run;
  }

  private async deliver(row: OutboxRow): Promise<keyof WorkerRun> {
    const { log } = this.options;
    if (row.attempts > this.maxAttempts) {
      // Its last claim's lease ran out: the process died or hung on it, again and again.
      await this.outbox.markFailed(row.id, this.name, row.last_error ?? 'lease expired', null);
      log.error({ outbox: row.id, attempts: row.attempts - 1 }, 'mail not sent: gave up after every attempt');
      return 'failed';
    }
    try {
      const mail = await this.options.compose(row);
      const { file } = await this.options.transport.send(mail, row.id);
      if (file) log.info({ outbox: row.id, file }, `mail written to ${file}`);
      if (!(await this.outbox.markSent(row.id, this.name))) {
        log.warn({ outbox: row.id }, 'mail sent after its claim ran out: another worker may send it again');
      }
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (row.attempts >= this.maxAttempts) {
        await this.outbox.markFailed(row.id, this.name, reason, null);
        log.error({ outbox: row.id, attempts: row.attempts, reason }, 'mail not sent: gave up after every attempt');
        return 'failed';
      }
      const delay = Math.min(this.retryBaseMs * 2 ** (row.attempts - 1), MAX_RETRY_DELAY_MS);
      await this.outbox.markFailed(row.id, this.name, reason, delay);
      log.warn({ outbox: row.id, attempts: row.attempts, retry_in_ms: delay, reason }, 'mail not sent: will retry');
      return 'retried';
    }
  }
}
