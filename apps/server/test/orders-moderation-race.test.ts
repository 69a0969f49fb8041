import { ORDERS_API } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient } from './browser-like-client';
import { seller, type Seller } from './fixtures/catalogue';
import { actOn } from './fixtures/moderation';
import { acted, companySeller, orderOf, placeOrder } from './fixtures/orders';
import { staffClient } from './fixtures/staff';
import { createTestApp, listenOnLoopback, type TestApp } from './test-app';

/**
 * A moderator removes a listing while its seller and buyers act on its orders, over real HTTP, many
 * times (issue 29). The removal takes the listing's row and then its open orders; every order step
 * that moves stock, and every lapse, takes them in that same order, so nobody waits for the other in
 * a circle and PostgreSQL never has to pick a loser: nobody gets a 5xx, and whoever came second is
 * told why in words for them. Printed for the note: rounds, who came first, the time taken.
 */
const ROUNDS = 30;

let testApp: TestApp;
let base: URL;
let owner: Seller;
let buyers: Seller[];
let moderatorOverHttp: BrowserLikeClient;

/** The same signed-in session, over HTTP to the listening server. */
function overHttp(client: BrowserLikeClient): BrowserLikeClient {
  const remote = new BrowserLikeClient(base);
  remote.cookies = new Map(client.cookies);
  remote.csrfToken = client.csrfToken;
  return remote;
}

beforeAll(async () => {
  testApp = await createTestApp({ ORDERS_PER_HOUR: '1000' });
  await seedReferenceData(testApp.database.db);
  base = new URL(`http://127.0.0.1:${await listenOnLoopback(testApp.app)}`);
  owner = await companySeller(testApp);
  buyers = [await seller(testApp), await seller(testApp), await seller(testApp), await seller(testApp)];
  moderatorOverHttp = overHttp((await staffClient(testApp.app, 'moderator')).client);
}, 120_000);
afterAll(() => testApp.close());

const db = () => testApp.database.db;

/** A live, negotiable listing of three units for pickup, straight into the database. */
async function listingOfThree(): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into listings (seller_id, category_id, status, title, description,
      condition, price_fils, negotiable, quantity, pickup, city_id, published_at, expires_at)
    select ${owner.id}, (select id from categories where slug = 'mobile-phones'), 'active', 'Three phones', 'As new.',
      'good', 100000, true, 3, true, (select min(id) from cities), now(), now() + interval '20 days'
    returning id`.execute(db());
  const row = rows[0];
  if (!row) throw new Error('no listing inserted');
  return row.id;
}

const ordersOf = (listingId: number) =>
  db().selectFrom('orders').select(['id', 'status']).where('listing_id', '=', listingId).orderBy('id').execute();

/** The step that ended the order: by the marketplace (with the removal's reason) or by a person. */
const lastStep = (orderId: number) =>
  db()
    .selectFrom('order_events')
    .select(['action', 'actor_id', 'data'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

const byModeration = { actor_id: null, data: expect.objectContaining({ moderation_reason: 'counterfeit' }) as unknown };
const FOR_BUYER = { message: 'Our moderators removed this listing, so this order has ended.' };
const FOR_SELLER = { message: 'Our moderators removed your listing, so this order has ended and its buyer was told.' };

const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.body });

describe('a moderator removing a listing while its orders move', () => {
  it(
    'never answers anyone with a 5xx, and leaves the listing removed with every open order ended by the marketplace',
    { timeout: 300_000 },
    async () => {
      const [asking, holding, withdrawing, arriving] = buyers.map((buyer) => buyer.client) as [
        BrowserLikeClient,
        BrowserLikeClient,
        BrowserLikeClient,
        BrowserLikeClient,
      ];
      const sellerOverHttp = overHttp(owner.client);
      const [holdingOverHttp, withdrawingOverHttp, arrivingOverHttp] = [holding, withdrawing, arriving].map(
        overHttp,
      ) as [BrowserLikeClient, BrowserLikeClient, BrowserLikeClient];
      const firsts = { accept: 0, cancel: 0, withdraw: 0, order: 0 };
      const failures: unknown[] = [];
      const started = performance.now();

      for (let round = 0; round < ROUNDS; round += 1) {
        const listingId = await listingOfThree();
        const pickup = { listing_id: listingId, kind: 'buy', delivery_method: 'pickup' };
        // One request the seller accepts in the race, one accepted order its buyer cancels in it, and a
        // request for two its buyer withdraws in it (which the Accept, if it comes first, lapses).
        const toAccept = await placeOrder(asking, pickup);
        const toCancel = await placeOrder(holding, pickup);
        await acted(owner.client, toCancel.id, 'accept');
        const toWithdraw = await placeOrder(withdrawing, { ...pickup, quantity: 2 });

        const [removal, accept, cancel, withdraw, order] = await Promise.all([
          actOn(moderatorOverHttp, 'listing', listingId, { action: 'remove', reason: 'counterfeit' }),
          sellerOverHttp.post(ORDERS_API.action(toAccept.id, 'accept'), {}),
          holdingOverHttp.post(ORDERS_API.action(toCancel.id, 'cancel'), { reason: 'Found one nearer.' }),
          withdrawingOverHttp.post(ORDERS_API.action(toWithdraw.id, 'withdraw'), {}),
          arrivingOverHttp.post(ORDERS_API.orders, pickup),
        ]);
        const answers = { removal, accept, cancel, withdraw, order };
        const errors = Object.entries(answers).filter(([, response]) => response.statusCode >= 500);
        if (errors.length > 0)
          failures.push({ round, errors: errors.map(([name, response]) => [name, answer(response)]) });

        expect(removal.statusCode).toBe(200);
        const listing = await db()
          .selectFrom('listings')
          .select(['status', 'reserved', 'moderation_reason'])
          .where('id', '=', listingId)
          .executeTakeFirstOrThrow();
        expect(listing).toEqual({ status: 'removed', reserved: 0, moderation_reason: 'counterfeit' });
        // Nothing is left open: the removal ended what was open when it came, whoever came second.
        const orders = await ordersOf(listingId);
        expect(orders.filter((each) => each.status === 'requested' || each.status === 'accepted')).toEqual([]);

        // The Accept came first (its order then cancelled by the removal), or the removal did (declined).
        if (accept.statusCode === 200) {
          firsts.accept += 1;
          expect(orders.find((each) => each.id === toAccept.id)?.status).toBe('cancelled');
        } else {
          expect(answer(accept)).toEqual({ status: 409, body: JSON.stringify(FOR_SELLER) });
          expect(orders.find((each) => each.id === toAccept.id)?.status).toBe('declined');
        }
        expect(await lastStep(toAccept.id)).toMatchObject(byModeration);

        if (cancel.statusCode === 200) {
          firsts.cancel += 1;
          expect(await lastStep(toCancel.id)).toMatchObject({ action: 'cancel', actor_id: buyers[1]?.id });
        } else {
          expect(answer(cancel)).toEqual({ status: 409, body: JSON.stringify(FOR_BUYER) });
          expect(await lastStep(toCancel.id)).toMatchObject({ action: 'cancel', ...byModeration });
        }
        expect(orders.find((each) => each.id === toCancel.id)?.status).toBe('cancelled');

        const withdrawn = await lastStep(toWithdraw.id);
        if (withdraw.statusCode === 200) {
          firsts.withdraw += 1;
          expect(withdrawn).toMatchObject({ action: 'withdraw', actor_id: buyers[2]?.id });
        } else if (withdrawn.action === 'lapse') {
          // The Accept took what was left first, and its lapse ended this request before anyone else.
          expect(accept.statusCode).toBe(200);
          expect(withdraw.statusCode).toBe(409);
        } else {
          expect(answer(withdraw)).toEqual({ status: 409, body: JSON.stringify(FOR_BUYER) });
          expect(withdrawn).toMatchObject({ action: 'decline', ...byModeration });
        }

        // A new order either came first (and the removal declined it) or found the listing gone.
        if (order.statusCode === 201) {
          firsts.order += 1;
          expect(await lastStep(orderOf(order).id)).toMatchObject({ action: 'decline', ...byModeration });
        } else {
          expect(order.statusCode).toBe(422);
          expect(order.json()).toMatchObject({ errors: { listing_id: ['This listing cannot be ordered now.'] } });
        }
      }
      const elapsed = performance.now() - started;
      console.info(
        `orders and moderation race: rounds ${ROUNDS}, came before the removal: accept ${firsts.accept}, cancel ${firsts.cancel}, withdraw ${firsts.withdraw}, new order ${firsts.order}; ${elapsed.toFixed(0)} ms (${process.env.TEST_DB_SERVER ?? ''})`,
      );
      expect(failures).toEqual([]);
    },
  );
});
