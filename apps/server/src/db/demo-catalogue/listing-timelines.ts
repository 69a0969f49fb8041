import { LISTING_LIMITS, type ListingEventType, type ListingStatus } from '@marketplace/contracts';
import type { Random } from '../demo-photos/random';
import { roundPrice } from './listing-template';

/** How a demo listing got to where it is now: its state, and the history that led there. */
export const DEMO_STORIES = [
  'draft',
  'active',
  'price-drop',
  'renewed',
  'paused',
  'reserved',
  'sold',
  'expired',
  'removed',
] as const;
export type DemoStory = (typeof DEMO_STORIES)[number];

export interface TimelineEvent {
  type: ListingEventType;
  at: Date;
  /** Expiry and its reminder are the app's doing; everything else the seller's. */
  byApp: boolean;
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface Timeline {
  status: ListingStatus;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  expiresAt: Date | null;
  remindedAt: Date | null;
  endedAt: Date | null;
  events: TimelineEvent[];
}

const DAY_MS = 24 * 3600 * 1000;
const LIFETIME_MS = LISTING_LIMITS.lifetimeDays * DAY_MS;
const REMINDER_MS = LISTING_LIMITS.reminderDays * DAY_MS;

const status = (from: ListingStatus, to: ListingStatus) => ({ status: { from, to } });

/**
 * The timeline of `story` for a listing priced `priceFils`, ending before `now`, with the events the
 * service and the clock would have written (listings-service.ts, listing-clock.ts). Active listings
 * are published within the last 25 days, so a fresh demo has weeks before they expire.
 */
export function timelineFor(story: DemoStory, priceFils: number, random: Random, now: Date): Timeline {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const after = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

  if (story === 'draft') {
    const createdAt = daysAgo(random.between(1, 6));
    return {
      status: 'draft',
      createdAt,
      updatedAt: after(createdAt, random.between(0.01, 0.5)),
      publishedAt: null,
      expiresAt: null,
      remindedAt: null,
      endedAt: null,
      events: [{ type: 'created', at: createdAt, byApp: false, changes: {} }],
    };
  }

  const age = {
    active: [0.1, 25],
    'price-drop': [4, 25],
    renewed: [40, 50],
    paused: [6, 20],
    reserved: [3, 15],
    sold: [10, 40],
    expired: [31, 50],
    removed: [8, 30],
  } as const satisfies Record<Exclude<DemoStory, 'draft'>, readonly [number, number]>;
  const [newest, oldest] = age[story];
  const publishedAt = daysAgo(random.between(newest, oldest));
  const createdAt = new Date(publishedAt.getTime() - random.between(0.005, 0.15) * DAY_MS);
  const events: TimelineEvent[] = [
    { type: 'created', at: createdAt, byApp: false, changes: {} },
    { type: 'published', at: publishedAt, byApp: false, changes: status('draft', 'active') },
  ];
  // The seller's steps come one after another, each before now and before the listing would have expired.
  const until = Math.min(now.getTime(), publishedAt.getTime() + (LISTING_LIMITS.lifetimeDays - 2) * DAY_MS);
  let cursor = publishedAt.getTime();
  const nextStep = () => {
    cursor += random.between(0.2, 0.6) * (until - cursor);
    return new Date(cursor);
  };
  let expiresAt = new Date(publishedAt.getTime() + LIFETIME_MS);
  let remindedAt: Date | null = null;
  let endedAt: Date | null = null;
  let current: ListingStatus = 'active';
  let updatedAt = publishedAt;

  if ((story === 'price-drop' || (story === 'sold' && random.chance(0.5))) && priceFils > 0) {
    const before = roundPrice((priceFils / 100) * random.between(1.08, 1.3)) * 100;
    const changes = { price_fils: { from: before, to: priceFils } };
    if (before > priceFils) events.push({ type: 'edited', at: nextStep(), byApp: false, changes });
  }
  if (story === 'renewed') {
    remindedAt = new Date(expiresAt.getTime() - REMINDER_MS);
    events.push({
      type: 'reminded',
      at: remindedAt,
      byApp: true,
      changes: { expires_at: { from: null, to: expiresAt.toISOString() } },
    });
    const renewedAt = after(remindedAt, random.between(0.2, 2));
    events.push({ type: 'renewed', at: renewedAt, byApp: false, changes: status('active', 'active') });
    expiresAt = new Date(expiresAt.getTime() + LIFETIME_MS);
    remindedAt = null;
  }
  if (story === 'paused' || story === 'sold' || story === 'removed') {
    const to = story === 'paused' ? 'paused' : story;
    const type = story === 'paused' ? 'paused' : story === 'sold' ? 'sold' : 'removed';
    const at = nextStep();
    events.push({ type, at, byApp: false, changes: status('active', to) });
    current = to;
    if (story !== 'paused') endedAt = at;
  }
  if (story === 'expired') {
    remindedAt = new Date(expiresAt.getTime() - REMINDER_MS);
    events.push({
      type: 'reminded',
      at: remindedAt,
      byApp: true,
      changes: { expires_at: { from: null, to: expiresAt.toISOString() } },
    });
    events.push({ type: 'expired', at: expiresAt, byApp: true, changes: status('active', 'expired') });
    current = 'expired';
    endedAt = expiresAt;
  }
  if (story === 'reserved') {
    // Reserved comes with an accepted order (not built yet), which writes no listing event of its own.
    current = 'reserved';
    updatedAt = nextStep();
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = events.at(-1)?.at ?? publishedAt;
  return {
    status: current,
    createdAt,
    updatedAt: last > updatedAt ? last : updatedAt,
    publishedAt,
    expiresAt,
    remindedAt,
    endedAt,
    events,
  };
}
