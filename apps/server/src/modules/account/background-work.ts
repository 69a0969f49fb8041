import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for (what must not show in its answer's timing). Failures
 * are logged; `settled()` waits for what is under way: the app's close, and tests.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, work: () => Promise<void>): void {
    // Started on a later turn of the event loop: after the answer of the request that asked for it.
    const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
