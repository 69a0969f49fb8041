import type { OrderStatusColumn } from '../schema';
import { hashText, randomFor, type Random } from '../demo-photos/random';

/*
 * The demo's history (issue 32), planned from the listings already seeded: orders between the demo
 * accounts that went through every step the app would have taken (dates in order, 48 hours between
 * receipt and completion), the reviews each side left within 14 days of completion, and the
 * conversations those orders wrote to. Pure: seed-demo-history.ts writes it.
 */

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
const REVIEW_DAYS = 14;

/** How long each demo account has been a member, in months: none of them joined today. */
export const MEMBER_MONTHS: Readonly<Record<string, number>> = {
  'layla@example.com': 14,
  'omar@palmtrading.example': 26,
  'sales@alnoormotors.example': 31,
  'hello@emirateshome.example': 22,
  'shop@gulfgadgets.example': 18,
  'leasing@oasisproperties.example': 27,
  'fatima.almansoori@example.com': 11,
  'rahul.menon@example.com': 9,
  'aisha.rahman@example.com': 7,
  'khalid.alsuwaidi@example.com': 16,
  'maria.santos@example.com': 5,
};

export const LAYLA = 'layla@example.com';
export const OMAR = 'omar@palmtrading.example';
const GADGETS = 'shop@gulfgadgets.example';
const KHALID = 'khalid.alsuwaidi@example.com';
/** Who buys, in turn: people first, Layla most; Omar's shop buys for its office. */
const BUYERS = [
  LAYLA,
  'fatima.almansoori@example.com',
  'rahul.menon@example.com',
  OMAR,
  'aisha.rahman@example.com',
  KHALID,
  LAYLA,
  'maria.santos@example.com',
];

/** A seeded listing an order may be for. */
export interface HistoryListing {
  id: number;
  seller: string;
  status: 'active' | 'sold' | 'reserved';
  quantity: number;
  price_fils: number;
  published_at: Date;
  ended_at: Date | null;
  updated_at: Date;
}

export type OrderActionName = 'request' | 'accept' | 'hand_over' | 'confirm_receipt' | 'complete';

export interface PlannedStep {
  action: OrderActionName;
  from: OrderStatusColumn | null;
  to: OrderStatusColumn;
  /** The side that took it; null for the clock (completion). */
  by: 'buyer' | 'seller' | null;
  at: Date;
}

export interface PlannedReview {
  side: 'buyer' | 'seller';
  rating: number;
  text: string;
  at: Date;
}

export interface PlannedOrder {
  key: string;
  listing: HistoryListing;
  buyer: string;
  status: OrderStatusColumn;
  steps: PlannedStep[];
  reviews: PlannedReview[];
  /** People's words in the order's conversation, besides its steps' lines. */
  chat: { by: 'buyer' | 'seller'; text: string; at: Date }[];
}

const BUYER_REVIEWS = [
  [5, 'Exactly as described, and the hand-over was quick. Thank you!'],
  [5, 'Friendly seller, item in perfect condition.'],
  [4, 'Good item, a day later than agreed but well packed.'],
  [5, 'تعامل ممتاز والمنتج كما في الوصف. أنصح بالتعامل معه.'],
  [5, 'Answered every question and showed me how it works.'],
  [4, 'All good. Small scratch that was mentioned in the listing.'],
  [3, 'The item is fine, but it took a few messages to agree on a time.'],
  [5, 'Second time buying here, smooth again.'],
] as const;
const SELLER_REVIEWS = [
  [5, 'On time and easy to deal with.'],
  [5, 'Great buyer, paid at pickup as agreed.'],
  [4, 'Came a little late, otherwise perfect.'],
  [5, 'مشترٍ محترم وملتزم بالموعد.'],
] as const;

const at = (time: number) => new Date(Math.round(time));

/** The steps of an order requested at `requested` and, when it gets that far, received at `received`. */
function stepsUpTo(status: OrderStatusColumn, times: Partial<Record<OrderActionName, number>>): PlannedStep[] {
  const all: [OrderActionName, OrderStatusColumn | null, OrderStatusColumn, 'buyer' | 'seller' | null][] = [
    ['request', null, 'requested', 'buyer'],
    ['accept', 'requested', 'accepted', 'seller'],
    ['hand_over', 'accepted', 'handed_over', 'seller'],
    ['confirm_receipt', 'handed_over', 'received', 'buyer'],
    ['complete', 'received', 'completed', null],
  ];
  const steps: PlannedStep[] = [];
  for (const [action, from, to, by] of all) {
    const time = times[action];
    if (time === undefined) break;
    steps.push({ action, from, to, by, at: at(time) });
    if (to === status) break;
  }
  return steps;
}

/** A completed order's steps, its last 48 hours the dispute window, fitted between `start` and `completed`. */
function completedSteps(start: number, completed: number): PlannedStep[] {
  const received = completed - 48 * HOUR_MS;
  const span = received - start;
  return stepsUpTo('completed', {
    request: start + span * 0.1,
    accept: start + span * 0.25,
    hand_over: start + span * 0.7,
    confirm_receipt: received,
    complete: completed,
  });
}

/** The reviews of an order completed at `completed`, each before `now` and inside its 14 days. */
function reviewsOf(random: Random, completed: number, now: number, buyerReviews: boolean, n: number): PlannedReview[] {
  const reviews: PlannedReview[] = [];
  const within = (days: number) => {
    const time = completed + days * DAY_MS;
    return time < now && time < completed + REVIEW_DAYS * DAY_MS ? at(time) : null;
  };
  const byBuyer = within(random.between(0.2, 3));
  const [stars, text] = BUYER_REVIEWS[n % BUYER_REVIEWS.length] ?? BUYER_REVIEWS[0];
  if (buyerReviews && byBuyer) reviews.push({ side: 'buyer', rating: stars, text, at: byBuyer });
  const bySeller = within(random.between(0.5, 4));
  if (bySeller && random.chance(0.6)) {
    const [rating, words] = SELLER_REVIEWS[n % SELLER_REVIEWS.length] ?? SELLER_REVIEWS[0];
    reviews.push({ side: 'seller', rating, text: words, at: bySeller });
  }
  return reviews;
}

const chatOf = (steps: PlannedStep[], printed: boolean): PlannedOrder['chat'] => {
  const first = steps[0]?.at.getTime() ?? 0;
  if (!printed) return [];
  return [
    { by: 'buyer', text: 'Hello! Is this still available? Could I pick it up this week?', at: at(first - 3 * HOUR_MS) },
    { by: 'seller', text: 'Yes, it is. Order it here and we will agree on a time.', at: at(first - 2 * HOUR_MS) },
  ];
};

/**
 * Every order of the demo's history, the same for the same listings and `now`: the printed accounts'
 * sold listings completed through orders and their reserved ones held by an accepted order; up to three
 * of each shop's stocked listings bought from; then, for the printed accounts, an order waiting to be
 * confirmed (Layla's, from Gulf Gadgets) and a request waiting for an answer (at Omar's shop).
 */
export function planDemoHistory(listings: readonly HistoryListing[], now: Date): PlannedOrder[] {
  const clock = now.getTime();
  const orders: PlannedOrder[] = [];
  let turn = 0;
  const buyerFor = (seller: string) => {
    for (;;) {
      const buyer = BUYERS[turn % BUYERS.length] ?? LAYLA;
      turn += 1;
      if (buyer !== seller) return buyer;
    }
  };
  const printed = (order: { buyer: string; listing: HistoryListing }) =>
    [LAYLA, OMAR].includes(order.buyer) || [LAYLA, OMAR].includes(order.listing.seller);
  const add = (
    listing: HistoryListing,
    buyer: string,
    status: OrderStatusColumn,
    steps: PlannedStep[],
    reviews: PlannedReview[],
  ) => {
    const order = { key: `demo:${orders.length + 1}`, listing, buyer, status, steps, reviews, chat: [] };
    orders.push({ ...order, chat: chatOf(steps, printed(order)) });
  };

  for (const listing of listings.filter((candidate) => candidate.status === 'sold' && candidate.ended_at)) {
    const start = listing.published_at.getTime() + 2 * HOUR_MS;
    const completed = listing.ended_at?.getTime() ?? 0;
    if (completed - start < 3 * DAY_MS) continue;
    const random = randomFor(`history/${listing.id}`, 0);
    add(
      listing,
      buyerFor(listing.seller),
      'completed',
      completedSteps(start, completed),
      reviewsOf(random, completed, clock, true, orders.length),
    );
  }
  for (const listing of listings.filter((candidate) => candidate.status === 'reserved')) {
    const accepted = listing.updated_at.getTime();
    const requested = Math.max(listing.published_at.getTime() + HOUR_MS, accepted - 10 * HOUR_MS);
    add(
      listing,
      buyerFor(listing.seller),
      'accepted',
      stepsUpTo('accepted', { request: requested, accept: accepted }),
      [],
    );
  }

  // The shops' stocked listings (what is left is their quantity now), oldest-published first.
  const stocked = listings
    .filter((candidate) => candidate.status === 'active' && candidate.quantity > 1)
    .filter((candidate) => clock - candidate.published_at.getTime() >= 6 * DAY_MS)
    .toSorted((a, b) => a.published_at.getTime() - b.published_at.getTime());
  const perSeller = new Map<string, number>();
  for (const listing of stocked) {
    const count = perSeller.get(listing.seller) ?? 0;
    if (count >= 3) continue;
    perSeller.set(listing.seller, count + 1);
    const random = randomFor(`history/${listing.id}`, 0);
    const start = listing.published_at.getTime() + random.between(2, 12) * HOUR_MS;
    const end = clock - random.between(0.3, 1.5) * DAY_MS;
    const span = end - start;
    const completed = start + span * random.between(0.55, 1);
    if (completed - start < 3 * DAY_MS) continue;
    const buyer = buyerFor(listing.seller);
    add(
      listing,
      buyer,
      'completed',
      completedSteps(start, completed),
      reviewsOf(random, completed, clock, true, orders.length),
    );
  }

  // Layla's newest purchase still open for review waits for hers: her order page offers the form.
  const completedAt = (order: PlannedOrder) => order.steps.at(-1)?.at.getTime() ?? 0;
  const waiting = orders
    .filter((order) => order.buyer === LAYLA && order.status === 'completed')
    .filter((order) => clock - completedAt(order) < (REVIEW_DAYS - 4) * DAY_MS)
    .toSorted((a, b) => completedAt(b) - completedAt(a))[0];
  if (waiting) waiting.reviews = waiting.reviews.filter((review) => review.side !== 'buyer');

  // Still under way, for the printed accounts to act on: Layla confirms a receipt, Omar answers a request.
  const gadget = stocked.find(
    (listing) =>
      listing.seller === GADGETS && !orders.some((order) => order.listing === listing && order.buyer === LAYLA),
  );
  if (gadget) {
    const handed = clock - 1.5 * DAY_MS;
    add(
      gadget,
      LAYLA,
      'handed_over',
      stepsUpTo('handed_over', { request: handed - 1.2 * DAY_MS, accept: handed - DAY_MS, hand_over: handed }),
      [],
    );
  }
  const shop = stocked.find(
    (listing) =>
      listing.seller === OMAR && !orders.some((order) => order.listing === listing && order.buyer === KHALID),
  );
  if (shop) {
    add(shop, KHALID, 'requested', stepsUpTo('requested', { request: clock - 5 * HOUR_MS }), []);
  }
  // One conversation per listing and buyer: a second order of the same buyer for the same listing is left out.
  return orders.filter(
    (order, index) =>
      orders.findIndex((other) => other.listing.id === order.listing.id && other.buyer === order.buyer) === index,
  );
}

/** When `email` joined: MEMBER_MONTHS before `now`, a few days either way so no two join at one instant. */
export function memberSince(email: string, now: Date): Date {
  const months = MEMBER_MONTHS[email] ?? 6;
  return new Date(now.getTime() - (months * 30.44 + (hashText(email) % 9)) * DAY_MS);
}
