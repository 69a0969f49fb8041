import { ORDERS_API } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, HOUR_MS, offerBody, orderOf, placeOrder } from './fixtures/orders';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;
let stranger: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
  buyer = await seller(testApp);
  stranger = await seller(testApp);
});
afterAll(() => testApp.close());

const movedBy = (response: LightMyRequestResponse) => response.json<{ data: { moved: string[] } }>().data.moved;
const statusOf = async (id: number) => orderOf(await buyer.client.get(ORDERS_API.order(id))).status;

async function receivedOrder() {
  const listing = await liveListing(owner);
  const order = await placeOrder(buyer.client, offerBody(listing.id));
  await acted(owner.client, order.id, 'accept');
  await acted(owner.client, order.id, 'hand_over');
  return acted(buyer.client, order.id, 'confirm_receipt');
}

describe('POST /api/test/orders/clock (development and tests)', () => {
  it('does to the order what time would do at the instant given, and nothing before it is due', async () => {
    const received = await receivedOrder();
    const due = Date.parse(received.deadline_at ?? '');

    const early = await buyer.client.post(ORDERS_API.testClock, {
      order_id: received.id,
      at: new Date(due - HOUR_MS).toISOString(),
    });
    expect(early.statusCode).toBe(200);
    expect(movedBy(early)).toEqual([]);
    expect(await statusOf(received.id)).toBe('received');

    const late = await owner.client.post(ORDERS_API.testClock, {
      order_id: received.id,
      at: new Date(due + 1000).toISOString(),
    });
    expect(movedBy(late)).toEqual(['complete']);
    const completed = orderOf(await buyer.client.get(ORDERS_API.order(received.id)));
    expect(completed.status).toBe('completed');
    expect(completed.can_review).toBe(true);
  });

  it('moves only the order named: other orders just as due stay as they are', async () => {
    const named = await receivedOrder();
    const other = await receivedOrder();
    const at = new Date(Date.parse(other.deadline_at ?? '') + 1000).toISOString();
    expect(movedBy(await buyer.client.post(ORDERS_API.testClock, { order_id: named.id, at }))).toEqual(['complete']);
    expect(await statusOf(named.id)).toBe('completed');
    expect(await statusOf(other.id)).toBe('received');
  });

  it('answers 404 for an order that is not the caller’s, 422 for bad input, 401 to a visitor', async () => {
    const received = await receivedOrder();
    const at = new Date(Date.parse(received.deadline_at ?? '') + 1000).toISOString();
    expect((await stranger.client.post(ORDERS_API.testClock, { order_id: received.id, at })).statusCode).toBe(404);
    expect(await statusOf(received.id)).toBe('received');

    const bad = await buyer.client.post(ORDERS_API.testClock, { at: 'tomorrow' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['at', 'order_id']);
    const visitor = await testApp.app.inject({ method: 'POST', url: ORDERS_API.testClock, payload: {} });
    expect([401, 419]).toContain(visitor.statusCode);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { client } = await signedInClient(production.app);
      const response = await client.post(ORDERS_API.testClock, { order_id: 1, at: new Date().toISOString() });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
