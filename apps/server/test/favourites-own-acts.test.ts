import type { Notification, SavedSearch } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, HOUR_MS, offerBody, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

/** Nobody is told of their own act: alerts on saved listings and searches leave out whoever caused them. */
let testApp: TestApp;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
});
afterAll(() => testApp.close());

const savedAlertsOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/notifications')).json<{ data: Notification[] }>().data.filter((n) => n.category === 'saved');
const savedMailsOf = (userId: number) =>
  testApp.database.db
    .selectFrom('mail_outbox')
    .select('template')
    .where('user_id', '=', userId)
    .where('category', '=', 'saved')
    .execute();

const save = async (who: Seller, listingId: number) =>
  expect((await who.client.request('PUT', `/api/favourites/${listingId}`)).statusCode).toBe(204);

/** A listing of `owner` saved by its future buyer and by someone else. */
async function savedByBuyerAndWatcher() {
  const buyer = await seller(testApp);
  const watcher = await seller(testApp);
  const listing = await liveListing(owner);
  await save(buyer, listing.id);
  await save(watcher, listing.id);
  return { buyer, watcher, listing };
}

describe('alerts on a saved listing leave out the buyer whose order caused them', () => {
  it('a buyer who saved the listing hears neither "reserved" nor "sold" about their own order; others do', async () => {
    const { buyer, watcher, listing } = await savedByBuyerAndWatcher();
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'accept');
    await acted(owner.client, order.id, 'hand_over');
    const received = await acted(buyer.client, order.id, 'confirm_receipt');
    await testApp.app.orders.tick(new Date(Date.parse(received.updated_at) + 48 * HOUR_MS + 1000));

    expect((await savedAlertsOf(watcher.client)).map((alert) => alert.type)).toEqual([
      'favourite.sold',
      'favourite.reserved',
    ]);
    expect(await savedAlertsOf(buyer.client)).toEqual([]);
    expect(await savedMailsOf(buyer.id)).toEqual([]);
  });

  it('a buyer who cancels their accepted order does not hear that the listing is back; others do', async () => {
    const { buyer, watcher, listing } = await savedByBuyerAndWatcher();
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'accept');
    await acted(buyer.client, order.id, 'cancel', { reason: 'Found one nearer' });

    expect((await savedAlertsOf(watcher.client)).map((alert) => alert.type)).toEqual([
      'favourite.back',
      'favourite.reserved',
    ]);
    expect(await savedAlertsOf(buyer.client)).toEqual([]);
  });
});

describe('a saved search does not count one’s own listings', () => {
  it('counts the new listings of others as new matches, never the user’s own', async () => {
    const shop = await seller(testApp);
    const saved = await shop.client.request('POST', '/api/saved-searches', {
      name: 'Phones',
      query: 'q=iphone&category=mobile-phones',
      alerts: 'instant',
    });
    expect(saved.statusCode).toBe(201);
    const newMatches = async () =>
      (await shop.client.get('/api/saved-searches')).json<{ data: SavedSearch[] }>().data[0]?.new_matches;

    await liveListing(shop);
    expect(await newMatches()).toBe(0);
    await liveListing(owner);
    expect(await newMatches()).toBe(1);
  });
});
