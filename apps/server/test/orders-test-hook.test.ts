import { ORDERS_API } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, HOUR_MS, offerBody, orderOf, placeOrder } from './fixtures/orders';
import { signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
  buyer = await seller(testApp);
});
afterAll(() => testApp.close());

describe('POST /api/test/orders/clock (development and tests)', () => {
  it('does what time would do at the instant given, and nothing before it is due', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'accept');
    await acted(owner.client, order.id, 'hand_over');
    const received = await acted(buyer.client, order.id, 'confirm_receipt');
    const due = Date.parse(received.deadline_at ?? '');

    const early = await buyer.client.post(ORDERS_API.testClock, { at: new Date(due - HOUR_MS).toISOString() });
    expect(early.statusCode).toBe(200);
    expect(early.json<{ data: { completed: number[] } }>().data.completed).not.toContain(order.id);
    expect(orderOf(await buyer.client.get(ORDERS_API.order(order.id))).status).toBe('received');

    const late = await buyer.client.post(ORDERS_API.testClock, { at: new Date(due + 1000).toISOString() });
    expect(late.json<{ data: { completed: number[] } }>().data.completed).toContain(order.id);
    const completed = orderOf(await buyer.client.get(ORDERS_API.order(order.id)));
    expect(completed.status).toBe('completed');
    expect(completed.can_review).toBe(true);
  });

  it('answers 422 for an instant that is not one, and 401 to a visitor', async () => {
    const bad = await buyer.client.post(ORDERS_API.testClock, { at: 'tomorrow' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.at).toHaveLength(1);
    const visitor = await testApp.app.inject({ method: 'POST', url: ORDERS_API.testClock, payload: {} });
    expect([401, 419]).toContain(visitor.statusCode);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { client } = await signedInClient(production.app);
      const response = await client.post(ORDERS_API.testClock, { at: new Date().toISOString() });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
