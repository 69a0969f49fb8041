import { ORDER_ACTION_PATHS, ORDERS_API } from '@marketplace/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createCatalogueTestApp, seller, type Seller } from '../fixtures/catalogue';
import { companySeller, offerBody, placeOrder, stockedListing } from '../fixtures/orders';
import { listingsOfEachKind } from '../fixtures/trade-kinds';
import type { TestApp } from '../test-app';
import { extremeTimes, forgedCursor, hostileBody, hostileIdText, hostileUrlPart } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes an orders route answer 5xx (as no-server-errors.test.ts for the other routes):
 * generated bodies, addresses and query strings against the real app on a real database, from the
 * buyer, the seller and a stranger. How many requests, from which seed: fuzz-settings.ts.
 */

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;
let stranger: Seller;
let listingId: number;
/** A rent and a car (issue 32): orders their kinds refuse. */
let otherKinds: number[];
let orderIds: number[];

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '100000' });
  owner = await companySeller(testApp);
  buyer = await seller(testApp);
  stranger = await seller(testApp);
  listingId = (await stockedListing(owner, 10_000, { delivery: true, delivery_fee_fils: 1000 })).id;
  const { rent, car } = await listingsOfEachKind(owner);
  otherKinds = [rent.id, car.id];
  orderIds = [];
  for (let index = 0; index < 4; index += 1) orderIds.push((await placeOrder(buyer.client, offerBody(listingId))).id);
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

const who = () => fc.constantFrom(buyer, owner, stranger);

describe('no input makes an orders route answer 5xx', () => {
  it('POST /api/orders, Buy and Make an offer, delivered or picked up', async () => {
    const valid = {
      ...offerBody(listingId),
      quantity: 2,
      delivery_method: 'delivery',
      delivery_address: {
        city_id: buyer.dubai.id,
        area: 'Al Barsha',
        building_name: 'Tower 5',
        flat_number: '12',
        street_address: null,
        phone: '0501234567',
      },
      note: 'Friday?',
      client_key: 'fuzz-key-0001',
    };
    // Bodies for the stocked listing, and for a rent and a car whose kinds refuse Buy, offers or delivery.
    const bodies = fc.oneof(
      { arbitrary: hostileBody(valid), weight: 3 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...otherKinds), fc.constantFrom('buy', 'offer'), fc.constantFrom('pickup', 'delivery'))
          .chain(([id, kind, method]) => hostileBody({ ...valid, listing_id: id, kind, delivery_method: method })),
        weight: 1,
      },
    );
    await fc.assert(
      fc.asyncProperty(who(), bodies, async (client, body) => {
        noServerError(await client.client.post(ORDERS_API.orders, body ?? null), 'POST /api/orders');
      }),
      fuzzSettings(),
    );
  });

  it('POST /api/orders/:id/<action> and /review, with any body and address', async () => {
    const actions = [...Object.values(ORDER_ACTION_PATHS), 'review', 'nothing'];
    await fc.assert(
      fc.asyncProperty(
        who(),
        fc.oneof(fc.constantFrom(...orderIds.map(String)), hostileUrlPart),
        fc.constantFrom(...actions),
        hostileBody({
          reason: 'Changed my mind.',
          price_fils: 160_000,
          client_key: 'fuzz-act-0001',
          rating: 4,
          text: 'Fine.',
        }),
        async (client, id, action, body) => {
          noServerError(await client.client.post(`/api/orders/${id}/${action}`, body ?? null), `POST ${action}`);
        },
      ),
      fuzzSettings({ runs: 2 }),
    );
  });

  it('POST /api/test/orders/clock (tests only), with any body', async () => {
    // Any instant, the far past and future among them, for each order.
    const instants = fc.oneof(
      fc.constantFrom(...extremeTimes, '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-23:59'),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    await fc.assert(
      fc.asyncProperty(
        who(),
        fc.oneof(
          hostileBody({ order_id: orderIds[0], at: '2030-01-01T00:00:00.000Z' }),
          fc.tuple(fc.constantFrom(...orderIds), instants).map(([id, at]) => ({ order_id: id, at })),
        ),
        async (client, body) => {
          noServerError(await client.client.post(ORDERS_API.testClock, body ?? null), 'POST /api/test/orders/clock');
        },
      ),
      fuzzSettings(),
    );
  });

  it('GET /api/orders, /api/orders/history and /api/orders/:id, with any query string', async () => {
    // Cursors of every format, ids past the column's among them.
    const cursors = fc.oneof(hostileUrlPart, hostileIdText, forgedCursor.map(encodeURIComponent));
    await fc.assert(
      fc.asyncProperty(who(), hostileUrlPart, cursors, async (client, role, cursor) => {
        for (const url of [
          `${ORDERS_API.orders}?role=${role}&cursor=${cursor}`,
          `${ORDERS_API.history}?role=${role}&cursor=${cursor}`,
          `${ORDERS_API.history}?role=buyer&cursor=${cursor}`,
          `/api/orders/${cursor}`,
        ]) {
          noServerError(await client.client.get(url), `GET ${url}`);
        }
      }),
      fuzzSettings(),
    );
  });

  it('GET /api/orders/history with any search, side and cursor, and its totals', async () => {
    await fc.assert(
      fc.asyncProperty(who(), hostileUrlPart, hostileUrlPart, hostileUrlPart, async (client, q, role, cursor) => {
        for (const url of [
          `${ORDERS_API.history}?q=${q}`,
          `${ORDERS_API.history}?q=${q}&role=${role}&cursor=${cursor}`,
          `${ORDERS_API.history}?role=seller&q=${q}&q=${role}`,
          `${ORDERS_API.totals}?q=${q}`,
        ]) {
          noServerError(await client.client.get(url), `GET ${url}`);
        }
      }),
      fuzzSettings(),
    );
  });

  it('GET /api/users/:id and /api/users/:id/reviews, for anyone, with any id and cursor', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(null),
          who().map((user) => user.client),
        ),
        fc.oneof(hostileUrlPart, hostileIdText, fc.constantFrom(String(owner.id), String(buyer.id))),
        fc.oneof(hostileUrlPart, hostileIdText, forgedCursor.map(encodeURIComponent)),
        async (client, id, cursor) => {
          for (const url of [`/api/users/${id}`, `/api/users/${id}/reviews?cursor=${cursor}`]) {
            const response = client ? await client.get(url) : await testApp.app.inject({ method: 'GET', url });
            noServerError(response, `GET ${url}`);
          }
        },
      ),
      fuzzSettings(),
    );
  });
});
