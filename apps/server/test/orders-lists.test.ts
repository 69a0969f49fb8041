import { CATALOGUE_API, ORDERS_API, type OrderSummary, type OrderTotalsResponse } from '@marketplace/contracts';
import type { SellerProfile, UserReviewsPage } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, seller, type Seller } from './fixtures/catalogue';
import { acted, DAY_MS, offerBody, placeOrder, stockedListing } from './fixtures/orders';
import { validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

/*
 * The lists around orders (issue 15): the history's search and totals per month, and users'
 * ratings as their public page shows them. Orders are driven through the API and the order clock.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
});
afterAll(() => testApp.close());

/** A signed-in user called `first` `last` (the fixtures call everyone Amira Saleh). */
async function person(first: string, last: string, overrides: Record<string, unknown> = {}): Promise<Seller> {
  const user = await seller(testApp, overrides);
  const company = overrides.account_type === 'company' ? { company: { name: 'Gulf Goods', web: '' } } : {};
  const saved = await user.client.put(
    '/user/profile',
    validProfileUpdate(user.dubai, { first_name: first, last_name: last, ...company }),
  );
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.body}`);
  return user;
}

/** An order of `buyer` on a new listing of `owner` titled `title`, taken as far as received. */
async function receivedOrder(owner: Seller, buyer: Seller, title: string, price = 150_000) {
  const listing = await stockedListing(owner, 1, { title });
  const order = await placeOrder(buyer.client, offerBody(listing.id, { offer_fils: price }));
  await acted(owner.client, order.id, 'accept');
  await acted(owner.client, order.id, 'hand_over');
  await acted(buyer.client, order.id, 'confirm_receipt');
  return order.id;
}

/** The order clock at `now`: received orders 48 hours old complete, at `now`. */
const clockAt = (now: Date) => testApp.app.orders.tick(now);

async function history(user: Seller, query = '') {
  const response = await user.client.get(`${ORDERS_API.history}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: OrderSummary[]; next_cursor: string | null }>();
}

const monthIn = (timeZone: string, date: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(date);
  return `${parts.find((part) => part.type === 'year')?.value}-${parts.find((part) => part.type === 'month')?.value}`;
};

describe('orders history: both sides, search, totals per month', () => {
  let buyer: Seller;
  let shop: Seller;
  let other: Seller;
  const early = new Date(Date.now() + 3 * DAY_MS);
  const late = new Date(Date.now() + 40 * DAY_MS);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    buyer = await person('Noor', 'Haddad');
    shop = await person('Yousef', 'Karim', { account_type: 'company', company_name: 'Gulf Goods' });
    other = await person('Salma', 'Rashed');
    // Completed in two months at least 37 days apart: never the same calendar month.
    ids.lamp = await receivedOrder(shop, buyer, 'Brass reading lamp', 150_000);
    ids.desk = await receivedOrder(shop, buyer, 'Oak desk 100% solid', 200_000);
    await clockAt(early);
    ids.chair = await receivedOrder(shop, buyer, 'Office chair, black', 50_000);
    // Noor also sells: Salma buys her bike.
    ids.bike = await receivedOrder(buyer, other, 'City bike', 90_000);
    await clockAt(late);
    // Declined: finished, in the history, but no money changed hands.
    const sofa = await stockedListing(shop, 1, { title: 'Grey sofa' });
    const declined = await placeOrder(buyer.client, offerBody(sofa.id));
    await acted(shop.client, declined.id, 'decline');
    ids.sofa = declined.id;
  });

  it('lists finished orders as buyer, as seller, or both, newest first, each with the reader’s side', async () => {
    const all = await history(buyer);
    expect(all.data.map((order) => [order.id, order.role, order.status])).toEqual([
      [ids.sofa, 'buyer', 'declined'],
      [ids.bike, 'seller', 'completed'],
      [ids.chair, 'buyer', 'completed'],
      [ids.desk, 'buyer', 'completed'],
      [ids.lamp, 'buyer', 'completed'],
    ]);
    expect(all.data[0]?.listing.title).toBe('Grey sofa');
    expect(all.data[0]?.listing.thumb).toMatch(/^\/media\/photos\/.+-thumb\.webp$/);
    expect((await history(buyer, '?role=seller')).data.map((order) => order.id)).toEqual([ids.bike]);
    expect((await history(buyer, '?role=buyer')).data.map((order) => order.id)).not.toContain(ids.bike);
  });

  it('searches by the listing’s title or the other party’s name, in any case, with no wildcards', async () => {
    const found = async (q: string, role = '') =>
      (await history(buyer, `?q=${encodeURIComponent(q)}${role}`)).data.map((order) => order.id);
    expect(await found('LAMP')).toEqual([ids.lamp]);
    expect(await found('  oak desk ')).toEqual([ids.desk]);
    // The other party by name: the shop sold four of them; Salma bought the bike.
    expect(await found('yousef')).toEqual([ids.sofa, ids.chair, ids.desk, ids.lamp]);
    expect(await found('Salma Rashed')).toEqual([ids.bike]);
    expect(await found('Salma', '&role=buyer')).toEqual([]);
    // Her own name is no other party's.
    expect(await found('Noor')).toEqual([]);
    // % and _ are letters.
    expect(await found('100%')).toEqual([ids.desk]);
    expect(await found('%')).toEqual([ids.desk]);
    expect(await found('_')).toEqual([]);
    expect(await found('')).toHaveLength(5);
  });

  it('pages through a search with the cursor', async () => {
    const first = await history(buyer, '?q=Yousef');
    expect(first.next_cursor).toBeNull();
    const later = await history(buyer, `?q=Yousef&cursor=${ids.desk}`);
    expect(later.data.map((order) => order.id)).toEqual([ids.lamp]);
  });

  it('sums completed orders per month in the user’s time zone: spent as buyer, earned as seller', async () => {
    const response = await buyer.client.get(ORDERS_API.totals);
    expect(response.statusCode).toBe(200);
    const totals = response.json<OrderTotalsResponse>();
    expect(totals.time_zone).toBe('Asia/Dubai');
    expect(totals.data).toEqual([
      { month: monthIn('Asia/Dubai', late), spent_fils: 50_000, bought: 1, earned_fils: 90_000, sold: 1 },
      { month: monthIn('Asia/Dubai', early), spent_fils: 350_000, bought: 2, earned_fils: 0, sold: 0 },
    ]);
    const shopTotals = (await shop.client.get(ORDERS_API.totals)).json<OrderTotalsResponse>().data;
    expect(shopTotals.map((month) => [month.earned_fils, month.sold, month.spent_fils])).toEqual([
      [50_000, 1, 0],
      [350_000, 2, 0],
    ]);
  });

  it('never shows anyone else’s orders: lists, history, search and totals', async () => {
    const stranger = await person('Omar', 'Faris');
    expect((await history(stranger)).data).toEqual([]);
    expect((await history(stranger, '?q=lamp')).data).toEqual([]);
    expect((await stranger.client.get(ORDERS_API.totals)).json<OrderTotalsResponse>().data).toEqual([]);
    for (const role of ['buyer', 'seller']) {
      const open = (await stranger.client.get(`${ORDERS_API.orders}?role=${role}`)).json<{
        data: { action_needed: unknown[]; waiting: unknown[] };
      }>().data;
      expect(open).toEqual({ action_needed: [], waiting: [] });
    }
    // Salma only sees the bike.
    expect((await history(other)).data.map((order) => order.id)).toEqual([ids.bike]);
    expect((await history(other, '?q=Brass')).data).toEqual([]);
  });

  it('needs a signed-in user and answers 422 for a bad search, side or cursor', async () => {
    const visitor = await testApp.app.inject({ method: 'GET', url: `${ORDERS_API.history}?q=lamp` });
    expect(visitor.statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: ORDERS_API.totals })).statusCode).toBe(401);
    const errors = async (query: string) => {
      const response = await buyer.client.get(`${ORDERS_API.history}?${query}`);
      expect(response.statusCode).toBe(422);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await errors(`q=${'x'.repeat(101)}`)).toEqual({
      q: ['The Search field may not be greater than 100 characters'],
    });
    expect(await errors('q=a%00b')).toEqual({ q: ['Search is not valid.'] });
    expect(await errors('role=owner')).toEqual({ role: ['Side is not valid.'] });
    expect(await errors('cursor=-1')).toEqual({ cursor: ['Page is not valid.'] });
  });
});

describe('ratings', () => {
  let rated: Seller;
  let buyers: Seller[];

  beforeAll(async () => {
    rated = await person('Hessa', 'Mansour');
    buyers = [await person('Ali', 'Nasser'), await person('Mona', 'Zayed'), await person('Rami', 'Aziz')];
    const now = Date.now();
    for (const [index, buyer] of buyers.entries()) {
      const id = await receivedOrder(rated, buyer, `Lamp ${index + 1}`);
      await clockAt(new Date(now + 3 * DAY_MS));
      const stars = [5, 4, 4][index] ?? 1;
      const review = await buyer.client.post(ORDERS_API.review(id), { rating: stars, text: `Review ${index + 1}` });
      expect(review.statusCode).toBe(201);
    }
  });

  it('the seller’s data: average and count, with the newest reviews by display name', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: CATALOGUE_API.seller(rated.id) });
    expect(response.statusCode).toBe(200);
    const profile = response.json<{ data: SellerProfile }>().data;
    expect(profile.rating).toEqual({ average: 4.3, count: 3 });
    expect(profile.reviews.map((review) => [review.author.name, review.rating, review.text, review.side])).toEqual([
      ['Rami A.', 4, 'Review 3', 'buyer'],
      ['Mona Z.', 4, 'Review 2', 'buyer'],
      ['Ali N.', 5, 'Review 1', 'buyer'],
    ]);
    // A user nobody reviewed yet.
    const fresh = (await testApp.app.inject({ method: 'GET', url: CATALOGUE_API.seller(buyers[0]?.id ?? 0) })).json<{
      data: SellerProfile;
    }>().data;
    expect(fresh.rating).toEqual({ average: null, count: 0 });
    expect(fresh.reviews).toEqual([]);
  });

  it('its own route pages through the reviews', async () => {
    const first = (
      await testApp.app.inject({ method: 'GET', url: CATALOGUE_API.sellerReviews(rated.id) })
    ).json<UserReviewsPage>();
    expect(first.rating).toEqual({ average: 4.3, count: 3 });
    expect(first.data).toHaveLength(3);
    const after = first.data[0]?.id ?? 0;
    const rest = (
      await testApp.app.inject({ method: 'GET', url: `${CATALOGUE_API.sellerReviews(rated.id)}?cursor=${after}` })
    ).json<UserReviewsPage>();
    expect(rest.data.map((review) => review.text)).toEqual(['Review 2', 'Review 1']);
    const missing = await testApp.app.inject({ method: 'GET', url: CATALOGUE_API.sellerReviews(2_000_000_000) });
    expect(missing.statusCode).toBe(404);
    const bad = await testApp.app.inject({ method: 'GET', url: `${CATALOGUE_API.sellerReviews(rated.id)}?cursor=x` });
    expect(bad.statusCode).toBe(422);
  });

  it('the product page’s seller card carries the rating', async () => {
    const listing = await stockedListing(rated, 1, { title: 'Another lamp' });
    const response = await testApp.app.inject({ method: 'GET', url: CATALOGUE_API.listing(listing.id) });
    expect(response.json<{ data: { seller: SellerProfile } }>().data.seller.rating).toEqual({ average: 4.3, count: 3 });
  });

  it('the seller’s page, as the server sends it, has the rating in its description and its data', async () => {
    const page = await new BrowserLikeClient(testApp.app).visit(`/users/${rated.id}`);
    expect(page.statusCode).toBe(200);
    expect(/<meta name="description" content="([^"]*)"/.exec(page.body)?.[1]).toBe(
      'Hessa M. sells on Marketplace: 1 listing. Rated 4.3 out of 5 from 3 reviews.',
    );
    const json = /<script id="page-data" type="application\/json">([^<]*)<\/script>/.exec(page.body)?.[1] ?? '{}';
    const data = JSON.parse(json) as Record<string, { data: SellerProfile } | undefined>;
    const profile = data[CATALOGUE_API.seller(rated.id)]?.data;
    expect(profile?.rating).toEqual({ average: 4.3, count: 3 });
    expect(profile?.reviews.map((review) => review.text)).toEqual(['Review 3', 'Review 2', 'Review 1']);
  });
});
