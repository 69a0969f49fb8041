import { ORDERS_API } from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, DAY_MS, HOUR_MS, offerBody, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

/**
 * The buyer's one reminder to review (issue 32): 3 days before the 14-day window closes, by
 * notification and e-mail as their settings say; never twice, never once they have reviewed.
 */
let testApp: TestApp;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
});
afterAll(() => testApp.close());

/** A completed order of `owner`'s by a new buyer, and when it completed. */
async function completedOrder() {
  const buyer = await seller(testApp);
  const listing = await liveListing(owner);
  const order = await placeOrder(buyer.client, offerBody(listing.id));
  await acted(owner.client, order.id, 'accept');
  await acted(owner.client, order.id, 'hand_over');
  const received = await acted(buyer.client, order.id, 'confirm_receipt');
  const completedAt = new Date(Date.parse(received.updated_at) + 48 * HOUR_MS);
  await testApp.app.orders.tick(completedAt);
  return { id: order.id, buyer, completedAt };
}

const remindedOf = (userId: number, orderId: number) =>
  testApp.database.db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', userId)
    .where('type', '=', 'order.reviewReminder')
    .where(sql<string>`data->>'order_id'`, '=', String(orderId))
    .execute();
const mailsOf = (userId: number) =>
  testApp.database.db
    .selectFrom('mail_outbox')
    .select('template')
    .where('user_id', '=', userId)
    .where('template', '=', 'order.reviewReminder')
    .execute();
const at = (completedAt: Date, days: number) => new Date(completedAt.getTime() + days * DAY_MS);

describe('the review reminder', () => {
  it('reaches the buyer once, 3 days before the window closes, in the app and by e-mail', async () => {
    const { id, buyer, completedAt } = await completedOrder();
    expect((await testApp.app.orders.tick(at(completedAt, 11 - 1 / 24))).reminded).not.toContain(id);
    // Two servers' clocks at once: one of them reminds.
    const ticks = await Promise.all([
      testApp.app.orders.tick(at(completedAt, 11)),
      testApp.app.orders.tick(at(completedAt, 11)),
    ]);
    expect(ticks.flatMap((tick) => tick.reminded).filter((reminded) => reminded === id)).toEqual([id]);
    expect((await testApp.app.orders.tick(at(completedAt, 12))).reminded).not.toContain(id);
    expect(await remindedOf(buyer.id, id)).toHaveLength(1);
    expect(await remindedOf(owner.id, id)).toHaveLength(0);
    expect(await mailsOf(buyer.id)).toHaveLength(1);
    const list = (await buyer.client.get('/api/notifications')).json<{
      data: { type: string; title: string; path: string }[];
    }>().data;
    expect(list[0]).toMatchObject({ type: 'order.reviewReminder', path: `/orders/${id}` });
    expect(list[0]?.title).toMatch(/^How did the order for “.+” go\? Review the seller by /);
  });

  it('does not come once the buyer has reviewed, nor after the window has closed', async () => {
    const done = await completedOrder();
    expect((await done.buyer.client.post(ORDERS_API.review(done.id), { rating: 5 })).statusCode).toBe(201);
    expect((await testApp.app.orders.tick(at(done.completedAt, 11))).reminded).not.toContain(done.id);
    expect(await remindedOf(done.buyer.id, done.id)).toHaveLength(0);

    const late = await completedOrder();
    expect((await testApp.app.orders.tick(at(late.completedAt, 14))).reminded).not.toContain(late.id);
    expect(await remindedOf(late.buyer.id, late.id)).toHaveLength(0);
    // Both are settled: the clock does not look at them again.
    const marks = await testApp.database.db
      .selectFrom('orders')
      .select('review_reminded_at')
      .where('id', 'in', [done.id, late.id])
      .execute();
    expect(marks.every((mark) => mark.review_reminded_at !== null)).toBe(true);
  });

  it('follows the buyer’s settings: no e-mail when they turned order e-mails off', async () => {
    const { id, buyer, completedAt } = await completedOrder();
    const off = await buyer.client.put('/api/notifications/settings', {
      settings: [{ category: 'orders', email: false }],
    });
    expect(off.statusCode).toBe(200);
    await testApp.app.orders.tick(at(completedAt, 11));
    expect(await remindedOf(buyer.id, id)).toHaveLength(1);
    expect(await mailsOf(buyer.id)).toHaveLength(0);
  });

  it('is run for one order by the test clock hook, which says so', async () => {
    const { id, buyer, completedAt } = await completedOrder();
    const hook = await buyer.client.post(ORDERS_API.testClock, { order_id: id, at: at(completedAt, 11).toISOString() });
    expect(hook.json()).toEqual({ data: { order_id: id, moved: [], reminded: true } });
    const again = await buyer.client.post(ORDERS_API.testClock, {
      order_id: id,
      at: at(completedAt, 12).toISOString(),
    });
    expect(again.json()).toMatchObject({ data: { reminded: false } });
    expect(await remindedOf(buyer.id, id)).toHaveLength(1);
  });
});
