import { ORDERS_API, type ListingCard, type SellerProfile } from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, listingOf, liveListing, seller, type Seller } from './fixtures/catalogue';
import { acted, companySeller, HOUR_MS, offerBody, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

/**
 * Trust (issue 32): a seller's rating wherever a buyer decides (every card, the product page's seller,
 * the seller's page, the product page's JSON-LD for a company), kept as a running total that a
 * review adds to in its own transaction.
 */
let testApp: TestApp;
let shop: Seller;
let person: Seller;
let buyer: Seller;
let unverified: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  shop = await companySeller(testApp);
  person = await seller(testApp);
  buyer = await seller(testApp);
  unverified = await seller(testApp, {}, { verified: false });
});
afterAll(() => testApp.close());

/** An order of `owner`'s new listing by `buyer`, completed, then reviewed by its buyer with `rating`. */
async function reviewed(owner: Seller, rating: number) {
  const listing = await liveListing(owner);
  const order = await placeOrder(buyer.client, offerBody(listing.id));
  await acted(owner.client, order.id, 'accept');
  await acted(owner.client, order.id, 'hand_over');
  const received = await acted(buyer.client, order.id, 'confirm_receipt');
  await testApp.app.orders.tick(new Date(Date.parse(received.updated_at) + 48 * HOUR_MS));
  const review = await buyer.client.post(ORDERS_API.review(order.id), { rating, text: 'Fine.' });
  expect(review.statusCode).toBe(201);
  return order.id;
}

const cardsOf = async (url: string) => (await buyer.client.get(url)).json<{ data: ListingCard[] }>().data;

describe('a seller’s rating', () => {
  it('is on every card of theirs (a seller’s grid, search, favourites), the product page and their page', async () => {
    await reviewed(shop, 5);
    await reviewed(shop, 4);
    // The shop's two listings above are sold; one on sale carries the rating to the grids.
    const onSale = await liveListing(shop);
    const rating = { average: 4.5, count: 2 };

    const grid = await cardsOf(`/api/listings?seller=${shop.id}`);
    expect(grid.map((card) => [card.id, card.seller_rating])).toEqual([[onSale.id, rating]]);
    const found = await cardsOf('/api/search');
    expect(found.find((card) => card.id === onSale.id)?.seller_rating).toEqual(rating);
    expect((await buyer.client.put(`/api/favourites/${onSale.id}`)).statusCode).toBe(204);
    const saved = (await buyer.client.get('/api/favourites')).json<{ data: { listing: ListingCard }[] }>().data;
    expect(saved.find((favourite) => favourite.listing.id === onSale.id)?.listing.seller_rating).toEqual(rating);

    const product = listingOf(await buyer.client.get(`/api/listings/${onSale.id}`));
    expect(product.seller).toMatchObject({ rating, email_verified: true });
    const page = (await buyer.client.get(`/api/users/${shop.id}`)).json<{ data: SellerProfile }>().data;
    expect(page).toMatchObject({ rating, email_verified: true });
    expect(page.reviews.map((review) => review.rating)).toEqual([4, 5]);
  });

  it('is none for a seller nobody reviewed; an address not proved is not called verified', async () => {
    const fresh = await seller(testApp);
    const listing = await liveListing(fresh);
    const [card] = await cardsOf(`/api/listings?seller=${fresh.id}`);
    expect(card?.seller_rating).toEqual({ average: null, count: 0 });
    const product = listingOf(await buyer.client.get(`/api/listings/${listing.id}`));
    expect(product.seller).toMatchObject({ rating: { average: null, count: 0 }, email_verified: true });
    const page = (await buyer.client.get(`/api/users/${unverified.id}`)).json<{ data: SellerProfile }>().data;
    expect(page).toMatchObject({ rating: { average: null, count: 0 }, email_verified: false });
  });

  it('is in the product page’s HTML: first data, and JSON-LD aggregateRating for a company only', async () => {
    await reviewed(person, 3);
    const shopListing = await liveListing(shop);
    const personListing = await liveListing(person);
    const html = async (id: number, slug: string) =>
      (await testApp.app.inject({ method: 'GET', url: `/items/${id}/${slug}`, headers: { accept: 'text/html' } })).body;
    const ldOf = (body: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null') as {
        offers: { seller: Record<string, unknown> };
      };
    const shopPage = await html(shopListing.id, shopListing.slug);
    expect(ldOf(shopPage).offers.seller).toMatchObject({
      '@type': 'Organization',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', ratingCount: 2, bestRating: '5' },
    });
    expect(shopPage).toContain('"email_verified":true');
    const personPage = await html(personListing.id, personListing.slug);
    // schema.org gives a Person no aggregateRating: the rating stays in the page's data.
    expect(ldOf(personPage).offers.seller).toEqual({ '@type': 'Person', name: personListing.seller.name });
    expect(personPage).toContain('"rating":{"average":3,"count":1}');
    // The shop's page: its own rating, and every card of its grid with it, in the HTML the server sends.
    const shopHtml = (
      await testApp.app.inject({ method: 'GET', url: `/users/${shop.id}`, headers: { accept: 'text/html' } })
    ).body;
    expect(shopHtml).toContain('"seller_rating":{"average":4.5,"count":2}');
    expect(shopHtml).toContain('Rated 4.5 out of 5 from 2 reviews.');
  });

  it('is a running total that never disagrees with the reviews', async () => {
    const totals = await sql<{ user_id: number; reviews: number; stars: number; counted: number; summed: number }>`
      select user_ratings.user_id, user_ratings.reviews, user_ratings.stars,
        count(reviews.id)::int as counted, coalesce(sum(reviews.rating), 0)::int as summed
      from user_ratings left join reviews on reviews.subject_id = user_ratings.user_id
      group by user_ratings.user_id`.execute(testApp.database.db);
    expect(totals.rows.length).toBeGreaterThan(0);
    for (const row of totals.rows) expect([row.reviews, row.stars]).toEqual([row.counted, row.summed]);
  });
});
