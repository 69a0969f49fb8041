import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { connectionUrlOf } from '../db/database';
import { InvalidationBus } from '../db/invalidation-bus';
import { ReadCache, type ReadCacheOptions } from '../db/read-cache';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    readCaches: ReadCaches;
  }
}

export interface ReadCachesOptions {
  db: Kysely<Database>;
  /** READ_CACHES=off: every read goes to the database, no listening connection. */
  enabled: boolean;
}

/** The process's invalidation bus, and the caches the modules make on it (none when turned off). */
export class ReadCaches {
  constructor(readonly bus: InvalidationBus | undefined) {}

  create<V>(options: ReadCacheOptions): ReadCache<V> | undefined {
    return this.bus && new ReadCache<V>(this.bus, options);
  }

  /** Drops what `tag` names in this process at once (a writer's own entries, after its commit). */
  invalidate(tag: string): void {
    this.bus?.invalidate(tag);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads served from memory that stay correct across processes (issue 34, decision 038). Writes
 * notify from triggers on commit (migration 0032); this process's listener drops what they name.
 * A request that may have written (any method but GET, HEAD, OPTIONS) sends its answer only once
 * the listener has caught up with every commit before it, so the writer's next request, here,
 * never meets what it changed as it was.
 */
export const readCaches = fp(
  async (app: FastifyInstance, { db, enabled }: ReadCachesOptions) => {
    const bus = enabled ? new InvalidationBus({ url: connectionUrlOf(db), log: app.log }) : undefined;
    app.decorate('readCaches', new ReadCaches(bus));
    if (!bus) return;
    await bus.start();
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!SAFE_METHODS.has(request.method)) await bus.sync();
      return payload;
    });
    app.addHook('onClose', () => bus.close());
  },
  { name: 'read-caches' },
);
