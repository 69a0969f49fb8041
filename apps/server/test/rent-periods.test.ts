import type { ListingCard, Notification, SavedSearch, SearchFacets } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { categoryBySlug, createCatalogueTestApp, listingOf, newDraft, seller, type Seller } from './fixtures/catalogue';
import { filledDraft, publishedListing, villaForRent } from './fixtures/trade-kinds';
import type { TestApp } from './test-app';

/**
 * Rents by their period (issue 32): a rent category's search is narrowed to rents per year or per
 * month, so a price bound compares like with like; alerts quote a rent's price with its period;
 * a rent is never free.
 */

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;

/** A word only this file's villas have, so nothing another test publishes is counted. */
const WORD = 'Zabeelrent';
const ids: Record<string, number> = {};

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
  buyer = await seller(testApp);
  const villa = (title: string, price: number, period: 'year' | 'month') =>
    publishedListing(owner, 'property-for-rent', {
      ...villaForRent(owner.dubai.id),
      title: `${title} ${WORD} villa`,
      price_fils: price * 100,
      price_period: period,
    });
  ids.yearly = (await villa('Garden', 45_000, 'year')).id;
  ids.dearYearly = (await villa('Palm', 240_000, 'year')).id;
  ids.monthly = (await villa('Marina', 9_000, 'month')).id;
});
afterAll(() => testApp.close());

const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;
const found = async (query: string) =>
  (await buyer.client.get(`/api/search?q=${WORD}&category=property-for-rent&${query}`))
    .json<{ data: ListingCard[] }>()
    .data.map((card) => card.id)
    .sort((a, b) => a - b);
const total = async (query: string) =>
  (await buyer.client.get(`/api/search/facets?q=${WORD}&category=property-for-rent&${query}`)).json<{
    data: SearchFacets;
  }>().data.total;
const sorted = (...keys: string[]) => keys.map((key) => ids[key]).sort((a, b) => (a ?? 0) - (b ?? 0));

describe('a rent category’s search by period', () => {
  it('narrows the results and their counts to rents per year or per month', async () => {
    expect(await found('sort=newest')).toEqual(sorted('yearly', 'dearYearly', 'monthly'));
    expect(await found('period=year')).toEqual(sorted('yearly', 'dearYearly'));
    expect(await found('period=month')).toEqual(sorted('monthly'));
    expect(await total('sort=price_asc')).toBe(3);
    expect(await total('period=year')).toBe(2);
    expect(await total('period=month')).toBe(1);
  });

  it('compares a price bound with rents of the chosen period only', async () => {
    expect(await found('max_price=50000&period=year')).toEqual(sorted('yearly'));
    expect(await total('max_price=50000&period=year')).toBe(1);
    expect(await found('min_price=5000&max_price=10000&period=month')).toEqual(sorted('monthly'));
  });

  it('refuses a period that is not a year or a month with a 422 naming it', async () => {
    for (const wrong of ['week', 'YEAR', 'year,month']) {
      const response = await buyer.client.get(`/api/search?category=property-for-rent&period=${wrong}`);
      expect(response.statusCode, wrong).toBe(422);
      expect(errorsOf(response)).toEqual({ period: ['Choose a rent period: per year or per month.'] });
    }
    const twice = await buyer.client.get('/api/search?period=year&period=month');
    expect(Object.keys(errorsOf(twice))).toEqual(['period']);
  });

  it('refuses a price bound without its period with a 422 naming the rule, in both languages (decision 045)', async () => {
    // Without a period, 50,000 would let a 9,000-a-month rent (108,000 a year) in with the yearly ones.
    const english =
      'In a rent category a price is per year or per month: add period=year or period=month to the price bounds.';
    for (const bound of ['max_price=50000', 'min_price=5000', 'min_price=5000&max_price=50000']) {
      for (const route of ['/api/search', '/api/search/facets']) {
        const response = await buyer.client.get(`${route}?category=property-for-rent&${bound}`);
        expect(response.statusCode, `${route} ${bound}`).toBe(422);
        expect(errorsOf(response)).toEqual({ period: [english] });
      }
    }
    const arabic = await new BrowserLikeClient(testApp.app).request(
      'GET',
      '/api/search?category=property-for-rent&max_price=50000',
      undefined,
      { headers: { 'accept-language': 'ar' } },
    );
    expect(arabic.statusCode).toBe(422);
    expect(errorsOf(arabic).period?.[0]).toMatch(/^في فئات الإيجار يكون السعر سنويًا أو شهريًا/);
    // Elsewhere a price needs no period, and a rent category's page asks with period=year (decision 039).
    expect((await buyer.client.get('/api/search?category=mobile-phones&max_price=50000')).statusCode).toBe(200);
    expect((await buyer.client.get('/api/search?max_price=50000')).statusCode).toBe(200);
    const page = (await new BrowserLikeClient(testApp.app).visit(`/c/property-for-rent?q=${WORD}&max_price=50000`))
      .body;
    expect(page).toContain(`Garden ${WORD} villa`);
    expect(page).not.toContain(`Marina ${WORD} villa`);
  });

  it('counts per year and per month beside the period, each as choosing it would find', async () => {
    const periods = async (query: string) =>
      (await buyer.client.get(`/api/search/facets?q=${WORD}&category=property-for-rent&${query}`)).json<{
        data: SearchFacets;
      }>().data.periods;
    const counts = (year: number, month: number) => [
      { value: 'year', count: year },
      { value: 'month', count: month },
    ];
    expect(await periods('')).toEqual(counts(2, 1));
    // The chosen period's count is the results'; the other's is all of its rents (choosing it takes the bounds away).
    expect(await periods('period=year')).toEqual(counts(2, 1));
    expect(await periods('max_price=50000&period=year')).toEqual(counts(1, 1));
    expect(await periods('max_price=5000&period=month')).toEqual(counts(2, 0));
    // Other filters narrow them as they narrow everything.
    expect(await periods(`city=${owner.dubai.id + 100000}`)).toEqual(counts(0, 0));
    // Categories whose prices have no period count none.
    const phones = await buyer.client.get('/api/search/facets?category=mobile-phones');
    expect(phones.json<{ data: SearchFacets }>().data.periods).toEqual([]);
  });

  it('is kept by a saved search, in its normalised query', async () => {
    const response = await buyer.client.request('POST', '/api/saved-searches', {
      name: 'Yearly villas',
      query: `period=year&category=property-for-rent&max_price=50000`,
      alerts: 'off',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: SavedSearch }>().data.query).toBe(
      'category=property-for-rent&max_price=50000&period=year',
    );
  });

  it('reads the period from a category page’s address into its first results', async () => {
    const html = (await new BrowserLikeClient(testApp.app).visit(`/c/property-for-rent?q=${WORD}&period=month`)).body;
    expect(html).toContain(`Marina ${WORD} villa`);
    expect(html).not.toContain(`Garden ${WORD} villa`);
  });
});

describe('a rent’s price', () => {
  it('is quoted per its period when it drops for someone who saved it', async () => {
    const listing = await publishedListing(owner, 'property-for-rent', {
      ...villaForRent(owner.dubai.id),
      price_fils: 12_000_000,
      price_period: 'year',
    });
    expect((await buyer.client.request('PUT', `/api/favourites/${listing.id}`)).statusCode).toBe(204);
    await owner.client.request('PATCH', `/api/listings/${listing.id}`, { price_fils: 11_000_000 });
    const [alert] = (await buyer.client.get('/api/notifications'))
      .json<{ data: Notification[] }>()
      .data.filter((notification) => notification.type === 'favourite.priceDropped');
    expect(alert).toMatchObject({
      title: `“${listing.title}” is now AED\u00a0110,000 / year`,
      body: 'A listing you saved dropped in price from AED\u00a0120,000 / year.',
    });
  });

  it('is never free: refused at 0 naming the rule, and a free draft moved into rent keeps no price', async () => {
    const id = await filledDraft(owner, 'property-for-rent', { ...villaForRent(owner.dubai.id), price_period: 'year' });
    const free = await owner.client.request('PATCH', `/api/listings/${id}`, { price_fils: 0 });
    expect(free.statusCode).toBe(422);
    expect(errorsOf(free)).toEqual({ price_fils: ['A rent cannot be free: enter the rent per year or per month.'] });

    const phones = await categoryBySlug(owner.client, 'mobile-phones');
    const draft = await newDraft(owner.client, phones.id);
    expect((await owner.client.request('PATCH', `/api/listings/${draft.id}`, { price_fils: 0 })).statusCode).toBe(200);
    const rent = await categoryBySlug(owner.client, 'property-for-rent');
    const moved = await owner.client.request('PATCH', `/api/listings/${draft.id}`, { category_id: rent.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(listingOf(moved).price_fils).toBeNull();
  });
});
