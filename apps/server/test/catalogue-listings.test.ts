import type { LightMyRequestResponse } from 'fastify';
import type {
  Category,
  Listing,
  ListingEvent,
  ListingPage,
  NotificationPage,
  OwnListingPage,
} from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerActions } from '../src/modules/catalogue/listing-lifecycle';
import { BrowserLikeClient } from './browser-like-client';
import {
  addPhoto,
  categoryBySlug,
  completePhone,
  createCatalogueTestApp,
  listingOf,
  liveListing,
  newDraft,
  seller,
  type Seller,
} from './fixtures/catalogue';
import type { TestApp } from './test-app';

let testApp: TestApp;
let layla: Seller;
let phones: Category;
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  layla = await seller(testApp);
  phones = await categoryBySlug(layla.client, 'mobile-phones');
});
afterAll(() => testApp.close());

const patch = (client: BrowserLikeClient, id: number, body: unknown) =>
  client.request('PATCH', `/api/listings/${id}`, body);
const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;
const visitor = () => new BrowserLikeClient(testApp.app);

describe('categories', () => {
  it('come as a tree with their own fields and their ancestors’, in the reader’s language', async () => {
    const english = (await visitor().get('/api/categories')).json<{ data: Category[] }>().data;
    const cars = english.find((category) => category.slug === 'cars');
    const vehicles = english.find((category) => category.slug === 'vehicles');
    expect(cars?.parent_id).toBe(vehicles?.id);
    expect(cars?.name).toBe('Cars');
    expect(cars?.attributes.map((attribute) => attribute.key)).toEqual([
      'brand',
      'model',
      'year',
      'kilometres',
      'transmission',
      'fuel',
    ]);
    expect(cars?.attributes.find((attribute) => attribute.key === 'kilometres')).toMatchObject({
      unit: 'km',
      type: 'number',
    });
    expect(cars?.attributes.find((attribute) => attribute.key === 'kilometres')).not.toHaveProperty('number_format');
    // A year is a number that is not a quantity: the pages write it 2022, not 2,022.
    expect(cars?.attributes.find((attribute) => attribute.key === 'year')).toMatchObject({
      type: 'number',
      unit: null,
      number_format: 'year',
    });

    const arabic = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    const arabicCars = (await arabic.get('/api/categories'))
      .json<{ data: Category[] }>()
      .data.find((c) => c.slug === 'cars');
    expect(arabicCars?.name).toBe('سيارات');
    expect(arabicCars?.attributes.find((attribute) => attribute.key === 'kilometres')?.label).toBe('المسافة المقطوعة');
  });
});

describe('a draft saves itself as the seller goes', () => {
  it('starts in the seller’s own city and keeps whatever is typed so far, short of publishing', async () => {
    const draft = await newDraft(layla.client, phones.id);
    expect(draft).toMatchObject({
      status: 'draft',
      city_id: layla.dubai.id,
      actions: expect.arrayContaining(['publish', 'delete']) as unknown,
    });
    const saved = await patch(layla.client, draft.id, { title: 'iPh', attributes: { brand: 'apple' } });
    expect(saved.statusCode).toBe(200);
    expect(listingOf(saved)).toMatchObject({ title: 'iPh', attributes: { brand: 'apple' } });
  });

  it.each([
    [
      'a title over 120 characters',
      { title: 'x'.repeat(121) },
      'title',
      'The Title field may not be greater than 120 characters',
    ],
    ['a description with NUL', { description: 'fine\u0000text' }, 'description', 'Description is not valid.'],
    [
      'a field of another category',
      { attributes: { kilometres: 100 } },
      'attributes.kilometres',
      'This field does not belong to the chosen category.',
    ],
    [
      'a brand that is not offered',
      { attributes: { brand: 'nokla' } },
      'attributes.brand',
      'The Brand field is not a valid value',
    ],
    [
      'a quantity of 3 on an individual account',
      { quantity: 3 },
      'quantity',
      'Only company accounts can sell more than one of an item.',
    ],
    ['a field that is not a listing’s', { seller_id: 1 }, '_', 'This field is not part of a listing.'],
    ['a price below zero', { price_fils: -1 }, 'price_fils', 'Price must be at least AED 0.'],
    [
      'a map pin with a latitude and no longitude',
      { latitude: 25.2, longitude: null },
      'location',
      'Location on the map is not valid.',
    ],
  ])('refuses %s, saving nothing', async (_label, body, field, text) => {
    const draft = await newDraft(layla.client, phones.id);
    const response = await patch(layla.client, draft.id, { title: 'Saved before', ...body });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[field]).toEqual([text]);
    const after = listingOf(await layla.client.get(`/api/listings/${draft.id}`));
    expect(after.title).toBe('');
  });

  it('refuses a neighborhood of another city', async () => {
    const draft = await newDraft(layla.client, phones.id);
    const cities = (await layla.client.get('/cities')).json<{
      data: { id: number; neighborhoods: { id: number }[] }[];
    }>().data;
    const elsewhere = cities.find((city) => city.id !== layla.dubai.id)?.neighborhoods[0]?.id;
    const response = await patch(layla.client, draft.id, { neighborhood_id: elsewhere });
    expect(errorsOf(response).neighborhood_id).toEqual(['Choose a neighborhood of the chosen city.']);
  });
});

describe('publishing', () => {
  it('refuses an incomplete listing with what each field still needs', async () => {
    const draft = await newDraft(layla.client, phones.id);
    const response = await layla.client.post(`/api/listings/${draft.id}/publish`);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toMatchObject({
      title: ['The Title field is required'],
      description: ['The Description field is required'],
      photos: ['Add at least one photo.'],
      'attributes.brand': ['The Brand field is required'],
    });
    expect(listingOf(await layla.client.get(`/api/listings/${draft.id}`)).status).toBe('draft');
  });

  it('puts a complete listing live for 30 days, on the home grid and in its category', async () => {
    const before = Date.now();
    const listing = await liveListing(layla);
    expect(listing.status).toBe('active');
    const expires = new Date(listing.expires_at ?? 0).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);

    const home = (await visitor().get('/api/listings')).json<ListingPage>();
    expect(home.data.map((card) => card.id)).toContain(listing.id);
    const inElectronics = (await visitor().get('/api/listings?category=electronics')).json<ListingPage>();
    expect(inElectronics.data[0]).toMatchObject({
      id: listing.id,
      slug: 'iphone-13-128-gb-blue',
      price_fils: 180_000,
      city: 'Dubai',
    });
    const inCars = (await visitor().get('/api/listings?category=cars')).json<ListingPage>();
    expect(inCars.data.map((card) => card.id)).not.toContain(listing.id);
  });

  it('pages newest first with a cursor that new listings do not shift', async () => {
    const owner = await seller(testApp);
    const ids = [];
    for (let index = 0; index < 3; index += 1) ids.push((await liveListing(owner)).id);
    const first = (await visitor().get(`/api/listings?seller=${owner.id}&limit=2`)).json<ListingPage>();
    expect(first.data.map((card) => card.id)).toEqual([ids[2], ids[1]]);
    await liveListing(owner); // arrives between the two pages
    const second = (
      await visitor().get(`/api/listings?seller=${owner.id}&limit=2&cursor=${first.next_cursor}`)
    ).json<ListingPage>();
    expect(second.data.map((card) => card.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
  });
});

describe('the states of a listing', () => {
  /** A listing of `owner`'s in `status`, reached through the API (and the clock, for expired). */
  async function listingIn(owner: Seller, status: string): Promise<Listing> {
    if (status === 'draft') return newDraft(owner.client, phones.id);
    const listing = await liveListing(owner);
    if (status === 'paused') await owner.client.post(`/api/listings/${listing.id}/pause`);
    if (status === 'sold') await owner.client.post(`/api/listings/${listing.id}/mark-sold`);
    if (status === 'expired') await testApp.app.catalogue.tick(new Date(Date.now() + 31 * DAY_MS));
    return listingOf(await owner.client.get(`/api/listings/${listing.id}`));
  }

  // Every action from every state: the allowed ones land in their state, the others are 409.
  const table: [from: string, action: string, to: string | 409][] = [
    ['draft', 'pause', 409],
    ['draft', 'resume', 409],
    ['draft', 'mark-sold', 409],
    ['draft', 'renew', 409],
    ['active', 'publish', 409],
    ['active', 'pause', 'paused'],
    ['active', 'resume', 409],
    ['active', 'mark-sold', 'sold'],
    ['active', 'renew', 409],
    ['paused', 'resume', 'active'],
    ['paused', 'pause', 409],
    ['paused', 'mark-sold', 'sold'],
    ['paused', 'publish', 409],
    ['sold', 'resume', 409],
    ['sold', 'pause', 409],
    ['sold', 'renew', 409],
    ['sold', 'mark-sold', 409],
    ['expired', 'renew', 'active'],
    ['expired', 'resume', 409],
    ['expired', 'pause', 409],
    ['expired', 'mark-sold', 409],
  ];

  it.each(table)('%s → %s: %s', async (from, action, to) => {
    const owner = await seller(testApp);
    const listing = await listingIn(owner, from);
    expect(listing.status).toBe(from);
    const response = await owner.client.post(`/api/listings/${listing.id}/${action}`);
    if (to === 409) {
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/^You cannot .+ a listing that is /);
      expect(listingOf(await owner.client.get(`/api/listings/${listing.id}`)).status).toBe(from);
    } else {
      expect(response.statusCode).toBe(200);
      expect(listingOf(response).status).toBe(to);
    }
  });

  it('renews an expired listing for 30 days from now, and a live one only in its last 3 days', async () => {
    const owner = await seller(testApp);
    const expired = await listingIn(owner, 'expired');
    const renewed = listingOf(await owner.client.post(`/api/listings/${expired.id}/renew`));
    expect(new Date(renewed.expires_at ?? 0).getTime() - Date.now()).toBeGreaterThan(29.9 * DAY_MS);
    expect(renewed.actions).not.toContain('renew');
  });

  it('deletes a draft for good, and removes a published listing from everyone’s sight', async () => {
    const draft = await newDraft(layla.client, phones.id);
    expect((await layla.client.request('DELETE', `/api/listings/${draft.id}`)).statusCode).toBe(204);
    expect((await layla.client.get(`/api/listings/${draft.id}`)).statusCode).toBe(404);

    const live = await liveListing(layla);
    expect((await layla.client.request('DELETE', `/api/listings/${live.id}`)).statusCode).toBe(204);
    expect((await layla.client.get(`/api/listings/${live.id}`)).statusCode).toBe(404);
    expect((await visitor().get(`/api/listings/${live.id}`)).statusCode).toBe(404);
    const ended = (await layla.client.get('/api/me/listings?status=ended')).json<OwnListingPage>();
    expect(ended.data.map((card) => card.id)).toContain(live.id);
  });
});

describe('who sees and changes what', () => {
  it('shows drafts and paused listings to their seller only; everyone else gets 404', async () => {
    const other = await seller(testApp);
    const draft = await newDraft(layla.client, phones.id);
    const live = await liveListing(layla);
    await layla.client.post(`/api/listings/${live.id}/pause`);
    for (const id of [draft.id, live.id]) {
      expect((await other.client.get(`/api/listings/${id}`)).statusCode).toBe(404);
      expect((await visitor().get(`/api/listings/${id}`)).statusCode).toBe(404);
      expect((await layla.client.get(`/api/listings/${id}`)).statusCode).toBe(200);
    }
  });

  it('lets nobody but the seller change a listing, see its history or add a photo', async () => {
    const other = await seller(testApp);
    const live = await liveListing(layla);
    const attempts = [
      await patch(other.client, live.id, { price_fils: 1 }),
      await other.client.post(`/api/listings/${live.id}/pause`),
      await other.client.request('DELETE', `/api/listings/${live.id}`),
      await other.client.get(`/api/listings/${live.id}/history`),
      await other.client.request('PUT', `/api/listings/${live.id}/photos/order`, { photo_ids: [] }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(listingOf(await visitor().get(`/api/listings/${live.id}`))).toMatchObject({
      status: 'active',
      price_fils: 180_000,
    });
  });

  it('lets one seller start only so many listings an hour', async () => {
    const limited = await createCatalogueTestApp({ LISTINGS_PER_HOUR: '2' });
    try {
      const owner = await seller(limited);
      const answers = [];
      for (let index = 0; index < 3; index += 1)
        answers.push((await owner.client.post('/api/listings', {})).statusCode);
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('asks visitors to sign in before they sell', async () => {
    const guest = visitor();
    await guest.visit('/');
    expect((await guest.post('/api/listings', {})).statusCode).toBe(401);
  });

  it('answers 404 for addresses that name no listing', async () => {
    for (const id of ['0', '-1', 'abc', '99999999999', '2147483648', '1e3']) {
      expect((await visitor().get(`/api/listings/${id}`)).statusCode).toBe(404);
    }
  });

  it('shows each of the seller’s listings with a count per state', async () => {
    const owner = await seller(testApp);
    await newDraft(owner.client, phones.id);
    const live = await liveListing(owner);
    const mine = (await owner.client.get('/api/me/listings?status=active')).json<OwnListingPage>();
    expect(mine.data.map((card) => card.id)).toEqual([live.id]);
    expect(mine.counts).toMatchObject({ draft: 1, active: 1, sold: 0 });
    expect(mine.data[0]?.actions).toEqual(['edit', 'pause', 'mark_sold', 'delete']);
  });
});

describe('editing a live listing', () => {
  it('keeps every change in its history, the price old and new', async () => {
    const live = await liveListing(layla);
    const response = await patch(layla.client, live.id, { price_fils: 150_000 });
    expect(listingOf(response).price_fils).toBe(150_000);
    const history = (await layla.client.get(`/api/listings/${live.id}/history`)).json<{ data: ListingEvent[] }>().data;
    expect(history.map((event) => event.type)).toEqual(['edited', 'published', 'created']);
    expect(history[0]?.changes).toEqual({ price_fils: { from: 180_000, to: 150_000 } });
  });

  it('refuses a change that would leave it unpublishable, changing nothing', async () => {
    const live = await liveListing(layla);
    const response = await patch(layla.client, live.id, { title: null, description: 'too short' });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toMatchObject({ title: ['The Title field is required'] });
    expect(listingOf(await layla.client.get(`/api/listings/${live.id}`))).toMatchObject({
      title: completePhone(0).title,
    });
  });
});

describe('time', () => {
  it('reminds the seller 3 days before the end, once, then expires the listing', async () => {
    const live = await liveListing(layla);
    const published = new Date(live.published_at ?? 0).getTime();
    const first = await testApp.app.catalogue.tick(new Date(published + 27.5 * DAY_MS));
    expect(first.reminded).toContain(live.id);
    const again = await testApp.app.catalogue.tick(new Date(published + 28 * DAY_MS));
    expect(again.reminded).not.toContain(live.id);
    // From the reminder on, renewing is offered.
    const expiresAt = new Date(live.expires_at ?? 0);
    expect(sellerActions('active', expiresAt, new Date(published + 27.5 * DAY_MS))).toContain('renew');
    expect(sellerActions('active', expiresAt, new Date(published + 26 * DAY_MS))).not.toContain('renew');

    const end = await testApp.app.catalogue.tick(new Date(published + 30 * DAY_MS + 1000));
    expect(end.expired).toContain(live.id);
    const history = (await layla.client.get(`/api/listings/${live.id}/history`)).json<{ data: ListingEvent[] }>().data;
    expect(history.slice(0, 2).map((event) => [event.type, event.actor])).toEqual([
      ['expired', null],
      ['reminded', null],
    ]);
    // The seller is told of both, in the app (and by e-mail, per their settings).
    const told = (await layla.client.get('/api/notifications?limit=50'))
      .json<NotificationPage>()
      .data.filter((notification) => notification.data.listing_id === live.id);
    expect(told.map(({ type, title, path }) => ({ type, title, path }))).toEqual([
      { type: 'listing.expired', title: `Your listing “${live.title}” has expired`, path: '/account/items' },
      {
        type: 'listing.expiring',
        title: `Your listing “${live.title}” ends on ${new Intl.DateTimeFormat('en-AE', { dateStyle: 'medium' }).format(new Date(live.expires_at ?? 0))}`,
        path: '/account/items',
      },
    ]);
    expect(
      (await visitor().get(`/api/listings?seller=${layla.id}`)).json<ListingPage>().data.map((c) => c.id),
    ).not.toContain(live.id);
  });

  it('deletes drafts untouched for 30 days, with their photos', async () => {
    const owner = await seller(testApp);
    const draft = await newDraft(owner.client, phones.id);
    const photo = await addPhoto(owner.client, draft.id);
    expect((await visitor().get(photo.card)).statusCode).toBe(200);
    const result = await testApp.app.catalogue.tick(new Date(Date.now() + 31 * DAY_MS));
    expect(result.draftsDeleted).toBeGreaterThanOrEqual(1);
    expect((await owner.client.get(`/api/listings/${draft.id}`)).statusCode).toBe(404);
    expect((await visitor().get(photo.card)).statusCode).toBe(404);
  });
});
