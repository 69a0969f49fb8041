import type { Favourite, OwnListingCard } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, newDraft, seller, type Seller } from './fixtures/catalogue';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
  buyer = await seller(testApp);
});
afterAll(() => testApp.close());

const save = (client: BrowserLikeClient, id: number | string) => client.request('PUT', `/api/favourites/${id}`);
const unsave = (client: BrowserLikeClient, id: number | string) => client.request('DELETE', `/api/favourites/${id}`);
const idsOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/favourites/ids')).json<{ data: number[] }>().data;
const listOf = async (client: BrowserLikeClient, query = '') =>
  (await client.get(`/api/favourites${query}`)).json<{ data: Favourite[]; next_cursor: string | null }>();
const rowsOf = (listingId: number) =>
  testApp.database.db.selectFrom('favourites').selectAll().where('listing_id', '=', listingId).execute();

describe('saving a listing', () => {
  it('saves once and unsaves once, however many times each is asked', async () => {
    const listing = await liveListing(owner);
    expect((await save(buyer.client, listing.id)).statusCode).toBe(204);
    expect((await save(buyer.client, listing.id)).statusCode).toBe(204);
    expect(await rowsOf(listing.id)).toHaveLength(1);
    expect(await idsOf(buyer.client)).toContain(listing.id);
    expect((await unsave(buyer.client, listing.id)).statusCode).toBe(204);
    expect((await unsave(buyer.client, listing.id)).statusCode).toBe(204);
    expect(await rowsOf(listing.id)).toEqual([]);
    expect(await idsOf(buyer.client)).not.toContain(listing.id);
  });

  it('keeps one favourite when 20 identical requests arrive together', async () => {
    const listing = await liveListing(owner);
    const answers = await Promise.all(Array.from({ length: 20 }, () => save(buyer.client, listing.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(await rowsOf(listing.id)).toHaveLength(1);
    const removals = await Promise.all(Array.from({ length: 20 }, () => unsave(buyer.client, listing.id)));
    expect(removals.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(await rowsOf(listing.id)).toEqual([]);
  });

  it('refuses the seller’s own listing with a 409 that says why, in their language', async () => {
    const listing = await liveListing(owner);
    const response = await save(owner.client, listing.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'You cannot save your own listing.' });
    const arabic = await owner.client.request('PUT', `/api/favourites/${listing.id}`, undefined, {
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json()).toEqual({ message: 'لا يمكنك حفظ إعلانك.' });
    expect(await rowsOf(listing.id)).toEqual([]);
  });

  it('answers 404 for a listing the user may not see, as for one that does not exist', async () => {
    const draft = await newDraft(owner.client);
    const paused = await liveListing(owner);
    await owner.client.post(`/api/listings/${paused.id}/pause`);
    const removed = await liveListing(owner);
    await owner.client.request('DELETE', `/api/listings/${removed.id}`);
    for (const id of [draft.id, paused.id, removed.id, 2_147_483_647, 'abc', '0', '99999999999']) {
      expect((await save(buyer.client, id)).statusCode, `listing ${id}`).toBe(404);
    }
    expect([...(await rowsOf(draft.id)), ...(await rowsOf(paused.id))]).toEqual([]);
  });

  it('takes a sold listing: someone may want to know if it comes back', async () => {
    const listing = await liveListing(owner);
    await owner.client.post(`/api/listings/${listing.id}/mark-sold`);
    expect((await save(buyer.client, listing.id)).statusCode).toBe(204);
  });
});

describe('favourites are their owner’s alone', () => {
  it('lists only the signed-in user’s favourites, and another user’s DELETE leaves them be', async () => {
    const listing = await liveListing(owner);
    const other = await seller(testApp);
    await save(buyer.client, listing.id);
    expect(await idsOf(other.client)).toEqual([]);
    expect((await listOf(other.client)).data).toEqual([]);
    expect((await unsave(other.client, listing.id)).statusCode).toBe(204);
    expect(await idsOf(buyer.client)).toContain(listing.id);
  });

  it('asks a visitor to sign in first', async () => {
    const listing = await liveListing(owner);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    for (const response of [
      await save(visitor, listing.id),
      await unsave(visitor, listing.id),
      await visitor.get('/api/favourites'),
      await visitor.get('/api/favourites/ids'),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect(await rowsOf(listing.id)).toEqual([]);
  });

  it('answers 419 to a save another site makes the user’s browser send (no CSRF token)', async () => {
    const listing = await liveListing(owner);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await testApp.app.inject({
        method,
        url: `/api/favourites/${listing.id}`,
        headers: { cookie: `${SESSION_COOKIE}=${buyer.client.sessionCookie ?? ''}` },
      });
      expect(response.statusCode).toBe(419);
    }
    expect(await rowsOf(listing.id)).toEqual([]);
  });
});

describe('the favourites list', () => {
  it('shows the newest first, with the price and state each listing had when saved', async () => {
    const watcher = await seller(testApp);
    const first = await liveListing(owner);
    const second = await liveListing(owner);
    await save(watcher.client, first.id);
    await save(watcher.client, second.id);
    await owner.client.request('PATCH', `/api/listings/${first.id}`, { price_fils: 150_000 });
    await owner.client.post(`/api/listings/${second.id}/mark-sold`);
    const { data } = await listOf(watcher.client);
    expect(data.map((favourite) => favourite.listing.id)).toEqual([second.id, first.id]);
    expect(data[1]).toMatchObject({
      saved_price_fils: 180_000,
      saved_status: 'active',
      listing: { price_fils: 150_000, status: 'active', title: first.title },
    });
    expect(data[0]).toMatchObject({ saved_status: 'active', listing: { status: 'sold' } });
    expect((await listOf(watcher.client, '?show=available')).data.map((f) => f.listing.id)).toEqual([first.id]);
    expect((await listOf(watcher.client, '?show=ended')).data.map((f) => f.listing.id)).toEqual([second.id]);
  });

  it('keeps a removed listing until its user clears it', async () => {
    const watcher = await seller(testApp);
    const listing = await liveListing(owner);
    await save(watcher.client, listing.id);
    await owner.client.request('DELETE', `/api/listings/${listing.id}`);
    expect((await listOf(watcher.client, '?show=ended')).data[0]?.listing).toMatchObject({
      id: listing.id,
      status: 'removed',
    });
    expect((await unsave(watcher.client, listing.id)).statusCode).toBe(204);
    expect((await listOf(watcher.client)).data).toEqual([]);
  });

  it('pages with a cursor and refuses a forged one with 422', async () => {
    const watcher = await seller(testApp);
    const listings = [await liveListing(owner), await liveListing(owner), await liveListing(owner)];
    for (const listing of listings) await save(watcher.client, listing.id);
    const first = await listOf(watcher.client, '?limit=2');
    expect(first.data).toHaveLength(2);
    const rest = await listOf(watcher.client, `?limit=2&cursor=${first.next_cursor ?? ''}`);
    expect(rest.data.map((f) => f.listing.id)).toEqual([listings[0]?.id]);
    expect(rest.next_cursor).toBeNull();
    expect((await watcher.client.get('/api/favourites?cursor=abc')).statusCode).toBe(422);
    expect((await watcher.client.get('/api/favourites?show=everything')).statusCode).toBe(422);
  });
});

describe('the seller’s count', () => {
  it('tells a seller how many saved each listing, never who', async () => {
    const listing = await liveListing(owner);
    await save(buyer.client, listing.id);
    await save((await seller(testApp)).client, listing.id);
    const response = await owner.client.get('/api/me/listings?status=active');
    const card = response.json<{ data: OwnListingCard[] }>().data.find((own) => own.id === listing.id);
    expect(card?.saves).toBe(2);
    expect(response.body).not.toContain(`"user_id"`);
  });
});
