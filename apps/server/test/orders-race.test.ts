import { ORDERS_API } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { offerBody, orderOf } from './fixtures/orders';
import { listenOnLoopback, type TestApp } from './test-app';

/**
 * No unit is ever sold twice (issue 15): 50 buyers race for the last unit through the real HTTP API
 * on PostgreSQL, and exactly one order ends accepted. Printed for the note: attempts,
 * accepted, and the time the race took.
 */
const BUYERS = 50;

let testApp: TestApp;
let base: URL;
let owner: Seller;
let buyers: BrowserLikeClient[];

/** The same signed-in session, over HTTP to the listening server. */
function overHttp(client: BrowserLikeClient): BrowserLikeClient {
  const remote = new BrowserLikeClient(base);
  remote.cookies = new Map(client.cookies);
  remote.csrfToken = client.csrfToken;
  return remote;
}

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  base = new URL(`http://127.0.0.1:${await listenOnLoopback(testApp.app)}`);
  owner = await seller(testApp);
  buyers = [];
  for (let index = 0; index < BUYERS; index += 1) buyers.push(overHttp((await seller(testApp)).client));
}, 120_000);
afterAll(() => testApp.close());

async function lastUnitListing() {
  const listing = await liveListing(owner);
  const stock = () =>
    testApp.database.db
      .selectFrom('listings')
      .select(['quantity', 'reserved', 'status'])
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
  return { id: listing.id, stock };
}

const acceptedOrders = async (listingId: number) =>
  testApp.database.db
    .selectFrom('orders')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('status', '=', 'accepted')
    .execute();

describe('50 buyers racing for the last unit', () => {
  it(
    'each accepting the seller’s counter-offer at once: exactly one order is accepted',
    { timeout: 120_000 },
    async () => {
      const listing = await lastUnitListing();
      // Every buyer offers at once; the seller answers each with a price, so each buyer can accept.
      const offers = await Promise.all(buyers.map((buyer) => buyer.post(ORDERS_API.orders, offerBody(listing.id))));
      expect(offers.map((response) => response.statusCode)).toEqual(offers.map(() => 201));
      const ids = offers.map((response) => orderOf(response).id);
      const seller = overHttp(owner.client);
      for (const id of ids) {
        expect((await seller.post(ORDERS_API.action(id, 'counter'), { price_fils: 170_000 })).statusCode).toBe(200);
      }

      const started = performance.now();
      const answers = await Promise.all(
        buyers.map((buyer, index) => buyer.post(ORDERS_API.action(ids[index] ?? 0, 'accept'), {})),
      );
      const elapsed = performance.now() - started;
      const codes = answers.map((response) => response.statusCode);
      const accepted = codes.filter((code) => code === 200).length;
      console.info(
        `orders race (buyers accept): attempts ${BUYERS}, accepted ${accepted}, elapsed ${elapsed.toFixed(0)} ms (${process.env.TEST_DB_SERVER ?? ''})`,
      );
      expect(accepted).toBe(1);
      // The others are told, each with a message, that the unit is gone.
      expect(codes.filter((code) => code === 409)).toHaveLength(BUYERS - 1);
      for (const refused of answers.filter((response) => response.statusCode === 409)) {
        expect(refused.json()).toEqual({ message: 'This listing cannot be ordered now.' });
      }
      expect(await acceptedOrders(listing.id)).toHaveLength(1);
      expect(await listing.stock()).toEqual({ quantity: 1, reserved: 1, status: 'reserved' });
    },
  );

  it(
    'the seller accepting every request at once (tabs, a double click): exactly one is accepted',
    { timeout: 120_000 },
    async () => {
      const listing = await lastUnitListing();
      const requests = await Promise.all(
        buyers.map((buyer) =>
          buyer.post(ORDERS_API.orders, { listing_id: listing.id, kind: 'buy', delivery_method: 'pickup' }),
        ),
      );
      const ids = requests.map((response) => orderOf(response).id);
      const seller = overHttp(owner.client);
      const started = performance.now();
      const answers = await Promise.all(ids.map((id) => seller.post(ORDERS_API.action(id, 'accept'), {})));
      const elapsed = performance.now() - started;
      const accepted = answers.filter((response) => response.statusCode === 200).length;
      console.info(
        `orders race (seller accepts): attempts ${BUYERS}, accepted ${accepted}, elapsed ${elapsed.toFixed(0)} ms (${process.env.TEST_DB_SERVER ?? ''})`,
      );
      expect(accepted).toBe(1);
      expect(answers.filter((response) => response.statusCode === 409)).toHaveLength(BUYERS - 1);
      expect(await acceptedOrders(listing.id)).toHaveLength(1);
      expect(await listing.stock()).toEqual({ quantity: 1, reserved: 1, status: 'reserved' });
    },
  );

  it('the database itself refuses more reserved units than the listing has, whatever writes them', async () => {
    const listing = await lastUnitListing();
    await expect(
      testApp.database.db.updateTable('listings').set({ reserved: 2 }).where('id', '=', listing.id).execute(),
    ).rejects.toThrow(/listings_reserved_within_stock/);
    await expect(
      testApp.database.db.updateTable('listings').set({ quantity: 0 }).where('id', '=', listing.id).execute(),
    ).rejects.toThrow(/listings_none_left_is_ended/);
  });
});
