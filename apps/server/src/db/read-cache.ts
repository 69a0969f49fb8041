import { performance } from 'node:perf_hooks';
import type { InvalidationBus } from './invalidation-bus';

export interface ReadCacheOptions {
  /** A backstop: an entry is dropped this long after it was stored, whatever happened. */
  ttlMs: number;
  /** Past this many entries the oldest goes. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  storedAt: number;
}

/**
 * Values read from the database, kept in this process and dropped by the invalidation bus: each
 * entry carries the tags (`session:<id>`, `user:<id>`) whose notification drops it; `all` drops
 * everything. Answers nothing while the bus is not listening. A fill takes a `ticket()` before its
 * read and stores with it: if anything was invalidated in between, the value may predate that write
 * and is not stored.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();

  constructor(
    private readonly bus: InvalidationBus,
    private readonly options: ReadCacheOptions,
  ) {
    bus.onInvalidate((tag) => (tag === 'all' ? this.clear() : this.dropTag(tag)));
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (!this.bus.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Monotonic: a wall clock set back or forward neither keeps an entry nor drops one early.
    if (performance.now() - entry.storedAt >= this.options.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before the read that fills an entry; -1 when nothing may be stored. */
  ticket(): number {
    return this.bus.live ? this.bus.epoch : -1;
  }

  set(key: string, tags: readonly string[], value: V, ticket: number): void {
    if (ticket < 0 || !this.bus.live || this.bus.epoch !== ticket) return;
    this.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.entries.set(key, { value, tags, storedAt: performance.now() });
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private dropTag(tag: string): void {
    const keys = this.keysByTag.get(tag);
    if (keys) for (const key of [...keys]) this.delete(key);
  }

  private clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
  }
}
