/** The seeded randomness a photo is drawn with: the same kind and variant always give the same picks. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  between(min: number, max: number): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /**
   * One item per variant, in an order shuffled per kind: consecutive variants get different items
   * (colours, settings) instead of whatever the dice say, so six variants of a kind never look alike.
   * With `every`, the item changes only every that many variants: a second choice cycled with
   * `every` set to the first one's length pairs every item of one with every item of the other.
   */
  cycle<T>(items: readonly T[], every?: number): T;
}

/** mulberry32: tiny, fast, and good enough for choosing colours. */
export function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn a kind's name into a seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError('Cannot pick from an empty list');
  return item;
}

export function randomFor(kind: string, variant: number): Random {
  if (!Number.isSafeInteger(variant)) throw new RangeError(`A photo variant is an integer, not ${variant}`);
  const kindSeed = hashText(kind);
  const next = mulberry32(kindSeed ^ Math.imul(variant + 1, 0x9e3779b1));
  const ordering = mulberry32(kindSeed);
  const between = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    between,
    int: (min, max) => Math.floor(between(min, max + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => itemAt(items, Math.floor(next() * items.length)),
    cycle: (items, every = 1) => {
      const order = items.map((_, index) => index);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(ordering() * (i + 1));
        [order[i], order[j]] = [itemAt(order, j), itemAt(order, i)];
      }
      const length = items.length;
      const step = Math.floor(variant / every);
      return itemAt(items, itemAt(order, ((step % length) + length) % length));
    },
  };
}
