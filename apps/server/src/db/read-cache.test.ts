import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { InvalidationBus } from './invalidation-bus';
import { ReadCache } from './read-cache';

/** The part of the bus a cache uses, driven by hand. */
class HandBus extends EventEmitter {
  live = true;
  epoch = 0;
  private readonly handlers: ((tag: string) => void)[] = [];
  onInvalidate(handler: (tag: string) => void) {
    this.handlers.push(handler);
  }
  invalidate(tag: string) {
    this.epoch += 1;
    for (const handler of this.handlers) handler(tag);
  }
}

const cacheOn = (bus: HandBus) =>
  new ReadCache<string>(bus as unknown as InvalidationBus, { ttlMs: 60_000, maxEntries: 2 });

describe('ReadCache', () => {
  it('drops an entry by any of its tags, and everything on `all`', () => {
    const bus = new HandBus();
    const cache = cacheOn(bus);
    cache.set('s1', ['session:1', 'user:7'], 'first', cache.ticket());
    cache.set('s2', ['session:2', 'user:8'], 'second', cache.ticket());
    bus.invalidate('user:7');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, 'second']);
    bus.invalidate('all');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('does not store a value read before an invalidation that came during the read', () => {
    const bus = new HandBus();
    const cache = cacheOn(bus);
    const ticket = cache.ticket();
    bus.invalidate('user:9'); // another key's, even: the fill cannot know what its read missed
    cache.set('s1', ['session:1', 'user:7'], 'old', ticket);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('answers and stores nothing while the bus is not listening', () => {
    const bus = new HandBus();
    const cache = cacheOn(bus);
    cache.set('s1', ['session:1'], 'kept', cache.ticket());
    bus.live = false;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.ticket()).toBe(-1);
    cache.set('s2', ['session:2'], 'never', bus.epoch);
    bus.live = true;
    expect(cache.get('s2')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const bus = new HandBus();
    const cache = cacheOn(bus);
    for (const key of ['a', 'b', 'c']) cache.set(key, [`session:${key}`], key, cache.ticket());
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 'b', 'c', 2]);
  });
});
