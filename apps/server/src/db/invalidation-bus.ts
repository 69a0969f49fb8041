import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/** The channel of migration 0032's triggers: payloads `session:<id>`, `user:<id>`, `all`. */
export const CACHE_CHANNEL = 'marketplace_cache';
/** A payload that changes nothing: a process's own marker, to learn that its listener has caught up. */
const SYNC_PREFIX = 'sync:';

export interface InvalidationBusOptions {
  /** The database to listen on; without one the bus never goes live and every cache bypasses itself. */
  url: string | undefined;
  log: { warn(object: object, message: string): void };
  /** The first wait before reconnecting, doubled after each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is checked. */
  heartbeatMs?: number;
  /** How long a sync's marker may take to come back before the connection counts as lost. */
  syncTimeoutMs?: number;
}

/**
 * One process's listening connection on `marketplace_cache` (docs/decisions/038-reads-from-memory.md).
 * Every notification, and every local `invalidate`, is passed to the caches and bumps `epoch`, so a
 * cache fill that started before it is not stored. While the connection is not listening (starting,
 * lost, reconnecting, closed) `live` is false and the caches answer nothing: a process that may have
 * missed a notification serves from the database. Events: 'live', 'down', 'invalidated' (tag).
 */
export class InvalidationBus extends EventEmitter {
  private client: pg.Client | undefined;
  private isLive = false;
  private closed = false;
  private holds = 0;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly handlers: ((tag: string) => void)[] = [];
  private epochValue = 0;
  private readonly syncPrefix = `${SYNC_PREFIX}${randomBytes(6).toString('hex')}:`;
  private syncs = 0;
  /** Markers sent and not yet back, each with what to do when it arrives. */
  private readonly awaited = new Map<string, () => void>();
  /** The round trip not yet sent, which a new caller joins; the last one queued, which the next follows. */
  private queued: Promise<void> | undefined;
  private lastQueued: Promise<void> = Promise.resolve();

  constructor(private readonly options: InvalidationBusOptions) {
    super();
    this.retryMs = options.retryMs ?? 250;
    this.heartbeat = setInterval(() => void this.check(), options.heartbeatMs ?? 10_000);
    this.heartbeat.unref();
  }

  /** True while listening: the caches may answer. */
  get live(): boolean {
    return this.isLive;
  }

  /** Changes with every invalidation: a fill stores its value only if it is unchanged since the read began. */
  get epoch(): number {
    return this.epochValue;
  }

  /** The listening connection's server process id (tests end it with pg_terminate_backend). */
  get listenerPid(): number | undefined {
    return this.isLive ? (this.client as unknown as { processID?: number } | undefined)?.processID : undefined;
  }

  onInvalidate(handler: (tag: string) => void): void {
    this.handlers.push(handler);
  }

  /** Drops what `tag` names in this process at once. */
  invalidate(tag: string): void {
    this.epochValue += 1;
    for (const handler of this.handlers) handler(tag);
  }

  /** Connects and listens; resolves once listening, or after the first attempt failed (retries go on). */
  start(): Promise<void> {
    return this.connect();
  }

  /**
   * Resolves once this process's listener has received every notification of the transactions
   * committed before the call: it sends a marker of its own and waits for it to come back, since
   * PostgreSQL delivers notifications in commit order. A request that wrote calls it before its
   * answer goes out, so the writer's next request never meets its own write's stale entry.
   * One marker at a time: callers who come while one is out share the next, sent after them all.
   */
  sync(): Promise<void> {
    if (!this.isLive) return Promise.resolve();
    if (this.queued) return this.queued;
    const queued = this.lastQueued.then(() => {
      // Sent from now: a later caller may have committed after it, and needs the next one.
      if (this.queued === queued) this.queued = undefined;
      return this.syncNow();
    });
    this.queued = queued;
    this.lastQueued = queued;
    return queued;
  }

  /** Never rejects: a marker that does not come back counts the connection as lost. */
  private async syncNow(): Promise<void> {
    const client = this.client;
    if (!this.isLive || !client) return;
    try {
      await this.roundTrip(client);
    } catch (error) {
      this.options.log.warn({ err: error }, 'the cache listener did not answer; reconnecting');
      this.lost(client);
    }
  }

  /** Sends a marker on `client` and waits for it to come back on the same connection. */
  private roundTrip(client: pg.Client): Promise<void> {
    this.syncs += 1;
    const marker = `${this.syncPrefix}${this.syncs}`;
    return new Promise((resolve, reject) => {
      const settle = (error?: unknown) => {
        clearTimeout(timer);
        this.awaited.delete(marker);
        if (error) reject(error instanceof Error ? error : new Error('the marker could not be sent'));
        else resolve();
      };
      const timer = setTimeout(
        () => settle(new Error('the marker did not come back in time')),
        this.options.syncTimeoutMs ?? 2_000,
      );
      this.awaited.set(marker, () => settle());
      client.query('select pg_notify($1, $2)', [CACHE_CHANNEL, marker]).catch(settle);
    });
  }

  /** Holds back reconnecting until the answered function is called (tests of the disconnected state). */
  holdReconnection(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && !this.client && !this.closed) void this.connect();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retryTimer);
    const client = this.client;
    if (client) this.lost(client);
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const { url } = this.options;
    if (this.closed || !url || this.client) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'cache listener' });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', ({ channel, payload }) => {
      if (channel === CACHE_CHANNEL) this.notified(payload ?? 'all');
    });
    try {
      await client.connect();
      await client.query(`listen ${CACHE_CHANNEL}`);
      // Notifications do reach this connection (a transaction-mode pooler would swallow them).
      await this.roundTrip(client);
    } catch (error) {
      this.options.log.warn({ err: error }, 'the cache listener could not connect; caches bypassed until it does');
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    // Whatever was stored before this moment may have missed a notification.
    this.invalidate('all');
    this.isLive = true;
    this.retryMs = this.options.retryMs ?? 250;
    this.emit('live');
  }

  private notified(tag: string): void {
    if (tag.startsWith(SYNC_PREFIX)) {
      this.awaited.get(tag)?.();
      return;
    }
    this.invalidate(tag);
    this.emit('invalidated', tag);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    const wasLive = this.isLive;
    this.isLive = false;
    this.invalidate('all');
    client.end().catch(() => {});
    if (wasLive) this.emit('down');
    if (this.closed || this.holds > 0) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 5_000);
  }

  /** A connection that stopped answering (a network gone quiet) is treated as lost. */
  private async check(): Promise<void> {
    if (this.isLive) await this.sync();
  }
}
