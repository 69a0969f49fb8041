import type { Notification } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, HOUR_MS, offerBody, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
});
afterAll(() => testApp.close());

const notificationsOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/notifications')).json<{ data: Notification[] }>().data;
const mailsOf = (userId: number) =>
  testApp.database.db
    .selectFrom('mail_outbox')
    .select(['template', 'category', 'path'])
    .where('user_id', '=', userId)
    .execute();

/** A listing of `owner` saved by a new user, who has heard nothing yet. */
async function savedListing() {
  const watcher = await seller(testApp);
  const listing = await liveListing(owner);
  expect((await watcher.client.request('PUT', `/api/favourites/${listing.id}`)).statusCode).toBe(204);
  return { watcher, listing };
}

describe('alerts on saved listings (category saved)', () => {
  it('tells whoever saved a listing that its price dropped, in the app and by e-mail', async () => {
    const { watcher, listing } = await savedListing();
    const bystander = await seller(testApp);
    await owner.client.request('PATCH', `/api/listings/${listing.id}`, { price_fils: 150_000 });
    const [alert, ...others] = await notificationsOf(watcher.client);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      category: 'saved',
      type: 'favourite.priceDropped',
      title: `“${listing.title}” is now AED\u00a01,500`,
      body: 'A listing you saved dropped in price from AED\u00a01,800.',
      path: `/items/${listing.id}/${listing.slug}`,
    });
    expect(await mailsOf(watcher.id)).toEqual([
      { template: 'favourite.priceDropped', category: 'saved', path: `/items/${listing.id}/${listing.slug}` },
    ]);
    // Neither the seller nor someone who did not save it hears anything.
    expect(await notificationsOf(bystander.client)).toEqual([]);
    expect((await notificationsOf(owner.client)).filter((n) => n.category === 'saved')).toEqual([]);
  });

  it('says nothing when the price goes up or another field changes', async () => {
    const { watcher, listing } = await savedListing();
    await owner.client.request('PATCH', `/api/listings/${listing.id}`, { price_fils: 200_000 });
    await owner.client.request('PATCH', `/api/listings/${listing.id}`, { title: 'iPhone 13, 128 GB, like new' });
    expect(await notificationsOf(watcher.client)).toEqual([]);
  });

  it('tells them when it is sold, and when it comes back after a pause', async () => {
    const { watcher, listing } = await savedListing();
    await owner.client.post(`/api/listings/${listing.id}/pause`);
    expect(await notificationsOf(watcher.client)).toEqual([]);
    await owner.client.post(`/api/listings/${listing.id}/resume`);
    await owner.client.post(`/api/listings/${listing.id}/mark-sold`);
    const types = (await notificationsOf(watcher.client)).map((notification) => notification.type);
    expect(types).toEqual(['favourite.sold', 'favourite.back']);
    expect((await notificationsOf(watcher.client))[0]?.title).toBe(`“${listing.title}” has been sold`);
  });

  it('follows the user’s settings: with the category off, nothing is stored or mailed', async () => {
    const { watcher, listing } = await savedListing();
    const off = await watcher.client.put('/api/notifications/settings', {
      settings: [{ category: 'saved', in_app: false, email: false }],
    });
    expect(off.statusCode).toBe(200);
    await owner.client.request('PATCH', `/api/listings/${listing.id}`, { price_fils: 100_000 });
    expect(await notificationsOf(watcher.client)).toEqual([]);
    expect(await mailsOf(watcher.id)).toEqual([]);
  });

  it('tells them when an order reserves the last unit, when it is free again, and when the order sells it', async () => {
    const { watcher, listing } = await savedListing();
    const buyer = await seller(testApp);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'accept');
    expect(await notificationsOf(watcher.client)).toMatchObject([
      { type: 'favourite.reserved', title: `“${listing.title}” is reserved` },
    ]);
    await acted(buyer.client, order.id, 'cancel', { reason: 'Found one nearer' });
    expect((await notificationsOf(watcher.client)).map((notification) => notification.type)).toEqual([
      'favourite.back',
      'favourite.reserved',
    ]);

    const second = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, second.id, 'accept');
    await acted(owner.client, second.id, 'hand_over');
    const received = await acted(buyer.client, second.id, 'confirm_receipt');
    await testApp.app.orders.tick(new Date(Date.parse(received.updated_at) + 48 * HOUR_MS));
    expect((await notificationsOf(watcher.client)).map((notification) => notification.type)).toEqual([
      'favourite.sold',
      'favourite.reserved',
      'favourite.back',
      'favourite.reserved',
    ]);
    // The buyer saved nothing: the orders' own notifications are all they get.
    expect((await notificationsOf(buyer.client)).filter((notification) => notification.category === 'saved')).toEqual(
      [],
    );
  });
});
