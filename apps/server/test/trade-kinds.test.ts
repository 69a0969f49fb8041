import { ORDERS_API, type Category, type ListingCard, type ListingPage } from '@marketplace/contracts';
import type { AdminCategory } from '@marketplace/contracts/staff';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient } from './browser-like-client';
import { categoryBySlug, createCatalogueTestApp, listingOf, seller, type Seller } from './fixtures/catalogue';
import { offerBody } from './fixtures/orders';
import { staffClient } from './fixtures/staff';
import { carForSale, filledDraft as filledDraftOf, publishedListing, villaForRent } from './fixtures/trade-kinds';
import type { TestApp } from './test-app';

/**
 * Listings that trade by their category's kind (issue 32): a rent has a price per year or month, no
 * condition, no Buy and no offer; a sale by contact takes offers but no Buy and no delivery; the
 * server refuses what the kind does not allow, whatever a page offered.
 */

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
  buyer = await seller(testApp);
});
afterAll(() => testApp.close());

const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;
const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

const villa = villaForRent;
const car = carForSale;
const filledDraft = (slug: string, values: Record<string, unknown>) => filledDraftOf(owner, slug, values);
const published = (slug: string, values: Record<string, unknown>) => publishedListing(owner, slug, values);

describe('categories say how their listings trade', () => {
  it('answers each category’s kind: rents, sales by contact, items', async () => {
    const categories = (await buyer.client.get('/api/categories')).json<{ data: Category[] }>().data;
    const kinds = Object.fromEntries(categories.map((category) => [category.slug, category.trade_kind]));
    expect(kinds).toMatchObject({
      'property-for-rent': 'rent',
      'property-for-sale': 'sale_contact',
      cars: 'sale_contact',
      motorcycles: 'sale_contact',
      'auto-parts': 'items',
      'mobile-phones': 'items',
    });
  });

  it('staff change a category’s kind in the back-office; the seed then leaves it as they set it', async () => {
    const admin = await staffClient(testApp.app, 'admin');
    const tree = (await admin.client.get('/api/admin/categories')).json<{ data: AdminCategory[] }>().data;
    const bicycles = tree.find((category) => category.slug === 'bicycles');
    if (!bicycles) throw new Error('no bicycles');
    expect(bicycles.trade_kind).toBe('items');
    const siblings = tree.filter((category) => category.parent_id === bicycles.parent_id);
    const body = {
      name: bicycles.name,
      name_ar: bicycles.name_ar,
      parent_id: bicycles.parent_id,
      position: siblings.sort((a, b) => a.position - b.position).findIndex((c) => c.id === bicycles.id) + 1,
      attributes: [],
    };
    const refused = await admin.client.put(`/api/admin/categories/${bicycles.id}`, { ...body, trade_kind: 'swap' });
    expect(refused.statusCode).toBe(422);
    const edited = await admin.client.put(`/api/admin/categories/${bicycles.id}`, {
      ...body,
      trade_kind: 'sale_contact',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: AdminCategory }>().data.trade_kind).toBe('sale_contact');
    expect((await categoryBySlug(buyer.client, 'bicycles')).trade_kind).toBe('sale_contact');
    // An edit without a kind keeps the one it has, and so does the seed at the next start.
    expect((await admin.client.put(`/api/admin/categories/${bicycles.id}`, body)).statusCode).toBe(200);
    await seedReferenceData(testApp.database.db);
    const stored = await testApp.database.db
      .selectFrom('categories')
      .select('trade_kind')
      .where('id', '=', bicycles.id)
      .executeTakeFirstOrThrow();
    expect(stored.trade_kind).toBe('sale_contact');
  });
});

describe('a rent', () => {
  it('is not published without its price period, and needs no condition and no pickup or delivery', async () => {
    const id = await filledDraft('property-for-rent', villa(owner.dubai.id));
    const refused = await owner.client.post(`/api/listings/${id}/publish`);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(errorsOf(refused))).toEqual(['price_period']);
    expect(errorsOf(refused).price_period).toEqual(['The Rent period field is required']);
  });

  it('stores the period the seller picks and answers it on the product page and on every card', async () => {
    const listing = await published('property-for-rent', {
      ...villa(owner.dubai.id),
      price_period: 'month',
      // What a rent does not hold is not kept: no condition, no offers, no delivery.
      condition: 'new',
      negotiable: true,
      pickup: false,
      delivery: true,
      delivery_fee_fils: 5_000,
    });
    expect(listing).toMatchObject({
      price_period: 'month',
      condition: null,
      negotiable: false,
      delivery: false,
      delivery_fee_fils: null,
      category: { slug: 'property-for-rent', trade_kind: 'rent' },
    });
    const page = (await buyer.client.get(`/api/listings?category=property-for-rent`)).json<ListingPage>();
    const card: ListingCard | undefined = page.data.find((candidate) => candidate.id === listing.id);
    expect(card).toMatchObject({ price_fils: 12_000_000, price_period: 'month', condition: null });
    const found = (await buyer.client.get(`/api/search?q=Arabian%20Ranches`)).json<ListingPage>();
    expect(found.data.find((candidate) => candidate.id === listing.id)?.price_period).toBe('month');

    // The server's HTML says it too, in the title crawlers and link previews read.
    const html = (await new BrowserLikeClient(testApp.app).visit(`/items/${listing.id}/${listing.slug}`)).body;
    expect(html).toContain(
      '<title>Villa in Arabian Ranches, 4 bedrooms · AED\u00a0120,000 / month · Marketplace</title>',
    );

    const changed = await owner.client.request('PATCH', `/api/listings/${listing.id}`, { price_period: 'year' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(listingOf(await buyer.client.get(`/api/listings/${listing.id}`)).price_period).toBe('year');
  });

  it('refuses a period that is not a year or a month, saving nothing; other kinds keep none', async () => {
    const id = await filledDraft('property-for-rent', { ...villa(owner.dubai.id), price_period: 'year' });
    for (const wrong of ['week', '', 12, true, ['year']]) {
      const response = await owner.client.request('PATCH', `/api/listings/${id}`, { price_period: wrong });
      expect(response.statusCode, JSON.stringify(wrong)).toBe(422);
      expect(Object.keys(errorsOf(response))).toEqual(['price_period']);
    }
    expect(listingOf(await owner.client.get(`/api/listings/${id}`)).price_period).toBe('year');
    // Moved to another kind, the listing drops its period.
    const phones = await categoryBySlug(owner.client, 'mobile-phones');
    const moved = await owner.client.request('PATCH', `/api/listings/${id}`, { category_id: phones.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(listingOf(await owner.client.get(`/api/listings/${id}`)).price_period).toBeNull();
  });

  it('takes no order: Buy and Make an offer are refused with a 409 naming the rule', async () => {
    const listing = await published('property-for-rent', { ...villa(owner.dubai.id), price_period: 'year' });
    for (const body of [{ listing_id: listing.id, kind: 'buy', delivery_method: 'pickup' }, offerBody(listing.id)]) {
      const response = await buyer.client.post(ORDERS_API.orders, body);
      expect(response.statusCode, body.kind).toBe(409);
      expect(messageOf(response)).toBe(
        'A property for rent takes no orders or offers here: contact the owner or request a viewing.',
      );
    }
    const arabic = await buyer.client.request(
      'POST',
      ORDERS_API.orders,
      { listing_id: listing.id, kind: 'buy', delivery_method: 'pickup' },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(messageOf(arabic)).toMatch(/^العقار المعروض للإيجار/);
    const orders = await testApp.database.db
      .selectFrom('orders')
      .select('id')
      .where('listing_id', '=', listing.id)
      .execute();
    expect(orders).toEqual([]);
  });
});

describe('a sale by contact (a car)', () => {
  it('takes an offer, picked up where it is, but refuses Buy and delivery with a 409 naming the rule', async () => {
    const listing = await published('cars', car(owner.dubai.id));
    expect(listing).toMatchObject({ delivery: false, price_period: null, condition: 'good', negotiable: true });

    const buy = await buyer.client.post(ORDERS_API.orders, {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'pickup',
    });
    expect(buy.statusCode).toBe(409);
    expect(messageOf(buy)).toBe(
      'Listings in this category are not bought outright here: make an offer or message the seller.',
    );

    const delivered = await buyer.client.post(
      ORDERS_API.orders,
      offerBody(listing.id, {
        offer_fils: 20_000_000,
        delivery_method: 'delivery',
        delivery_address: {
          city_id: buyer.dubai.id,
          area: 'Al Barsha',
          building_name: 'Villa 12',
          phone: '+971501234567',
        },
      }),
    );
    expect(delivered.statusCode).toBe(409);
    expect(messageOf(delivered)).toBe('Listings in this category are handed over in person, not delivered.');

    const offer = await buyer.client.post(ORDERS_API.orders, offerBody(listing.id, { offer_fils: 20_000_000 }));
    expect(offer.statusCode, offer.body).toBe(201);
  });

  it('needs a condition but no pickup or delivery to be published', async () => {
    const id = await filledDraft('cars', { ...car(owner.dubai.id), condition: null, pickup: false, delivery: false });
    const refused = await owner.client.post(`/api/listings/${id}/publish`);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(errorsOf(refused))).toEqual(['condition']);
  });
});
