import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDERS_API } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { liveListing, seller, type Seller } from './fixtures/catalogue';
import {
  acted,
  companySeller,
  DAY_MS,
  HOUR_MS,
  offerBody,
  orderOf,
  placeOrder,
  stockedListing,
} from './fixtures/orders';
import { createEmptyTestDatabase, FIXTURE_WEB_DIR, type TestApp } from './test-app';

/**
 * Time moves orders on from the database (deadline_at), with a controlled clock: each tick is given
 * its `now`. Two app instances with their own connection pools stand for two server processes on
 * one database; a third, built after the first is closed, for a restart.
 */
let database: { url: string; drop: () => Promise<void> };
const handles: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];
const folders: string[] = [];
let first: FastifyInstance;
let second: FastifyInstance;
let owner: Seller;
let buyer: Seller;

async function startApp(): Promise<FastifyInstance> {
  const handle = await openDatabase({ databaseUrl: database.url });
  handles.push(handle);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-orders-'));
  folders.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: FIXTURE_WEB_DIR,
    ORDERS_PER_HOUR: '1000',
  });
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  first = await startApp();
  second = await startApp();
  await seedReferenceData(first.db);
  // The fixtures take a TestApp; only its app and database are used.
  const asTestApp = { app: first, database: handles[0] } as unknown as TestApp;
  owner = await companySeller(asTestApp);
  buyer = await seller(asTestApp);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  await database.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const statusOf = async (id: number) =>
  (await first.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const eventsOf = (id: number) =>
  first.db.selectFrom('order_events').select(['action', 'actor_id']).where('order_id', '=', id).orderBy('id').execute();
const notificationsOf = (userId: number, orderId: number) =>
  first.db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', userId)
    .where(sql<string>`data->>'order_id'`, '=', String(orderId))
    .orderBy('id')
    .execute();

describe('an unanswered request', () => {
  it('expires 48 hours after it was made, once, telling both sides', async () => {
    const listing = await stockedListing(owner, 5);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    const made = Date.parse(order.created_at);
    expect(order.deadline_at).toBe(new Date(made + 48 * HOUR_MS).toISOString());

    await first.orders.tick(new Date(made + 47 * HOUR_MS));
    expect(await statusOf(order.id)).toBe('requested');
    const result = await first.orders.tick(new Date(made + 48 * HOUR_MS + 1000));
    expect(result.expired).toContain(order.id);
    expect(await statusOf(order.id)).toBe('expired');
    const again = await first.orders.tick(new Date(made + 60 * HOUR_MS));
    expect(again.expired).not.toContain(order.id);
    expect(await eventsOf(order.id)).toEqual([
      { action: 'request', actor_id: buyer.id },
      { action: 'expire', actor_id: null },
    ]);
    expect(await notificationsOf(buyer.id, order.id)).toEqual([{ type: 'order.expired' }]);
    expect(await notificationsOf(owner.id, order.id)).toEqual([{ type: 'order.requested' }, { type: 'order.expired' }]);
    const seen = orderOf(await buyer.client.get(ORDERS_API.order(order.id)));
    expect(seen).toMatchObject({ status: 'expired', deadline_at: null, actions: [] });
  });

  it('gets 48 hours again from each counter-offer', async () => {
    const listing = await stockedListing(owner, 5);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    const countered = await acted(owner.client, order.id, 'counter', { price_fils: 175_000 });
    const answeredAt = Date.parse(countered.updated_at);
    await first.orders.tick(new Date(answeredAt + 47 * HOUR_MS));
    expect(await statusOf(order.id)).toBe('requested');
    await first.orders.tick(new Date(answeredAt + 48 * HOUR_MS));
    expect(await statusOf(order.id)).toBe('expired');
  });
});

describe('after the hand-over', () => {
  it('counts as received after 7 days, completes 48 hours later and sells the last unit', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'accept');
    const handed = await acted(owner.client, order.id, 'hand_over');
    const at = Date.parse(handed.updated_at);

    await first.orders.tick(new Date(at + 7 * DAY_MS - 1000));
    expect(await statusOf(order.id)).toBe('handed_over');
    const received = await first.orders.tick(new Date(at + 7 * DAY_MS));
    expect(received.received).toContain(order.id);
    // The buyer may still report a problem for 48 hours; the unit stays reserved meanwhile.
    const seen = orderOf(await buyer.client.get(ORDERS_API.order(order.id)));
    expect(seen.status).toBe('received');
    expect(seen.deadline_at).toBe(new Date(at + 9 * DAY_MS).toISOString());
    const listingRow = () =>
      first.db
        .selectFrom('listings')
        .select(['quantity', 'reserved', 'status'])
        .where('id', '=', listing.id)
        .executeTakeFirstOrThrow();
    expect(await listingRow()).toEqual({ quantity: 1, reserved: 1, status: 'reserved' });

    const completed = await first.orders.tick(new Date(at + 9 * DAY_MS));
    expect(completed.completed).toContain(order.id);
    expect(await statusOf(order.id)).toBe('completed');
    expect(await listingRow()).toEqual({ quantity: 0, reserved: 0, status: 'sold' });
    expect((await eventsOf(order.id)).map((event) => event.action)).toEqual([
      'request',
      'accept',
      'hand_over',
      'auto_receive',
      'complete',
    ]);
    const done = orderOf(await buyer.client.get(ORDERS_API.order(order.id)));
    expect(done).toMatchObject({ can_review: true, review_until: new Date(at + 23 * DAY_MS).toISOString() });
  });
});

describe('with two processes and a restart', () => {
  it('never moves an order twice when two servers run the clock at once', async () => {
    const listing = await stockedListing(owner, 100);
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) ids.push((await placeOrder(buyer.client, offerBody(listing.id))).id);
    const now = new Date(Date.now() + 49 * HOUR_MS);
    const [a, b] = await Promise.all([first.orders.tick(now), second.orders.tick(now)]);
    const moved = [...a.expired, ...b.expired].filter((id) => ids.includes(id));
    expect(moved.toSorted((x, y) => x - y)).toEqual(ids);
    for (const id of ids) {
      expect((await eventsOf(id)).filter((event) => event.action === 'expire')).toHaveLength(1);
      expect(await notificationsOf(buyer.id, id)).toEqual([{ type: 'order.expired' }]);
    }
  });

  it('moves what came due while no server ran, at the next start', async () => {
    const listing = await stockedListing(owner, 5);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await first.close();
    await second.close();
    const restarted = await startApp();
    const result = await restarted.orders.tick(new Date(Date.parse(order.created_at) + 49 * HOUR_MS));
    expect(result.expired).toEqual([order.id]);
    expect(await statusOf(order.id)).toBe('expired');
  });
});
