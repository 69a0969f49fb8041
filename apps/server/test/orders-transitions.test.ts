import { ORDERS_API, orderActions, type OrderAction, type OrderStatus } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, seller, type Seller } from './fixtures/catalogue';
import {
  act,
  acted,
  companySeller,
  DAY_MS,
  HOUR_MS,
  offerBody,
  orderOf,
  placeOrder,
  stockedListing,
} from './fixtures/orders';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;
let stranger: Seller;
let listingId: number;

beforeAll(async () => {
  // Every case starts an order of the same buyer: far beyond ORDERS_PER_HOUR's default.
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '100000' });
  owner = await companySeller(testApp);
  buyer = await seller(testApp);
  stranger = await seller(testApp);
  listingId = (await stockedListing(owner, 10_000)).id;
});
afterAll(() => testApp.close());

type Who = 'buyer' | 'seller' | 'stranger';
/** The states an order can be in; a request waits for the seller's answer, or the buyer's after a counter-offer. */
type Start =
  | 'requested (seller to answer)'
  | 'requested (buyer to answer)'
  | 'accepted'
  | 'handed_over'
  | 'received'
  | 'completed'
  | 'declined'
  | 'withdrawn'
  | 'expired'
  | 'cancelled'
  | 'disputed';

/**
 * What docs/product/marketplace.md allows, written out by hand (not read from the code under test): from each
 * state, each side's actions and where they lead. Everything not listed is out of turn.
 */
const ALLOWED: Record<Start, Partial<Record<'buyer' | 'seller', Partial<Record<OrderAction, OrderStatus>>>>> = {
  'requested (seller to answer)': {
    seller: { accept: 'accepted', decline: 'declined', counter: 'requested' },
    buyer: { withdraw: 'withdrawn' },
  },
  'requested (buyer to answer)': {
    buyer: { accept: 'accepted', decline: 'declined', counter: 'requested', withdraw: 'withdrawn' },
  },
  accepted: { seller: { hand_over: 'handed_over', cancel: 'cancelled' }, buyer: { cancel: 'cancelled' } },
  handed_over: { buyer: { confirm_receipt: 'received' } },
  received: { buyer: { dispute: 'disputed' } },
  completed: {},
  declined: {},
  withdrawn: {},
  expired: {},
  cancelled: {},
  disputed: {},
};

const reason = { reason: 'Plans changed, sorry.' };

/** A new order of `buyer` on the stocked listing, brought to `start` through the API (and the clock). */
async function orderIn(start: Start): Promise<number> {
  const order = await placeOrder(buyer.client, offerBody(listingId));
  const { id } = order;
  const s = owner.client;
  const b = buyer.client;
  const later = (ms: number) => testApp.app.orders.tick(new Date(Date.now() + ms));
  switch (start) {
    case 'requested (seller to answer)':
      break;
    case 'requested (buyer to answer)':
      await acted(s, id, 'counter', { price_fils: 170_000 });
      break;
    case 'declined':
      await acted(s, id, 'decline');
      break;
    case 'withdrawn':
      await acted(b, id, 'withdraw');
      break;
    case 'expired':
      await later(49 * HOUR_MS);
      break;
    default: {
      await acted(s, id, 'accept');
      if (start === 'cancelled') await acted(b, id, 'cancel', reason);
      if (['handed_over', 'received', 'completed', 'disputed'].includes(start)) await acted(s, id, 'hand_over');
      if (['received', 'completed', 'disputed'].includes(start)) await acted(b, id, 'confirm_receipt');
      if (start === 'disputed') await acted(b, id, 'dispute', { reason: 'The screen is cracked.' });
      if (start === 'completed') await later(2 * DAY_MS + HOUR_MS);
    }
  }
  return id;
}

const clientOf = (who: Who): BrowserLikeClient =>
  who === 'buyer' ? buyer.client : who === 'seller' ? owner.client : stranger.client;

const eventsOf = async (id: number) =>
  (
    await testApp.database.db
      .selectFrom('order_events')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow()
  ).count;

const statusOf = async (id: number) =>
  (await testApp.database.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

/** Every transition the table allows: each needs an order of its own, as it moves it on. */
const transitions = (Object.keys(ALLOWED) as Start[]).flatMap((start) =>
  (['buyer', 'seller'] as const).flatMap((who) =>
    Object.entries(ALLOWED[start][who] ?? {}).map(([action, to]) => [start, action as OrderAction, who, to] as const),
  ),
);

describe('the order state machine through the API: each state × each action × buyer, seller, stranger', () => {
  it.each(transitions)('%s: %s by the %s leads to %s', async (start, action, who, to) => {
    const id = await orderIn(start);
    const events = await eventsOf(id);
    const response = await act(clientOf(who), id, action, { ...reason, price_fils: 160_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(orderOf(response).status).toBe(to);
    expect(await statusOf(id)).toBe(to);
    // One audit row per transition applied.
    expect(await eventsOf(id)).toBe(events + 1);
  });

  // A refusal changes nothing, so one order in the state takes every refused action in turn: the
  // stranger's (404, as the order is not theirs) and each side's out of turn (409, saying why).
  it.each(Object.keys(ALLOWED) as Start[])(
    '%s: each side is offered exactly its allowed actions and refused every other; a stranger finds nothing',
    async (start) => {
      const id = await orderIn(start);
      const before = await statusOf(id);
      const events = await eventsOf(id);
      for (const who of ['buyer', 'seller'] as const) {
        const seen = orderOf(await clientOf(who).get(ORDERS_API.order(id)));
        expect(seen.actions.toSorted(), who).toEqual(Object.keys(ALLOWED[start][who] ?? {}).toSorted());
      }
      expect((await stranger.client.get(ORDERS_API.order(id))).statusCode).toBe(404);
      for (const who of ['buyer', 'seller', 'stranger'] as const) {
        for (const action of orderActions) {
          if (who !== 'stranger' && ALLOWED[start][who]?.[action] !== undefined) continue;
          const response = await act(clientOf(who), id, action, { ...reason, price_fils: 160_000 });
          const which = `${action} by the ${who}`;
          expect(response.statusCode, which).toBe(who === 'stranger' ? 404 : 409);
          if (who !== 'stranger') expect(response.json<{ message: string }>().message, which).toMatch(/\S/);
        }
      }
      expect(await statusOf(id)).toBe(before);
      // No audit row for a refusal.
      expect(await eventsOf(id)).toBe(events);
    },
  );
});

describe('refusals say why, in the reader’s language', () => {
  it('answers an out-of-turn action with 409 and the state’s name', async () => {
    const id = await orderIn('declined');
    const response = await act(owner.client, id, 'hand_over');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You cannot mark as handed over an order that is declined.' });
    const arabic = await owner.client.request(
      'POST',
      ORDERS_API.action(id, 'hand_over'),
      {},
      {
        headers: { 'accept-language': 'ar' },
      },
    );
    expect(arabic.json()).toEqual({ message: 'لا يمكنك تأكيد التسليم طلب حالته مرفوض.' });
  });

  it('tells the side that is not asked that the request waits for the other side', async () => {
    const id = await orderIn('requested (seller to answer)');
    const response = await act(buyer.client, id, 'accept');
    expect(response.json()).toEqual({ message: 'This request is waiting for the other side’s answer.' });
  });
});
