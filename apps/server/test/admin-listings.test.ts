import { listingSlug } from '@marketplace/contracts';
import type { AdminListingsPage } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { insertListing, insertUser } from './fixtures/back-office';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The back-office's listings (issue 29): every listing in any state, newest first, found by title or
 * id and filtered by state, category (with those under it), seller and open reports; the filters
 * together; pages; who may.
 */

let testApp: TestApp;
let moderator: StaffClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  moderator = await staffClient(testApp.app, 'moderator');
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

const listings = async (query: string, headers: Record<string, string> = {}) => {
  const response = await moderator.client.request('GET', `/api/admin/listings?${query}`, undefined, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminListingsPage>();
};
const ids = async (query: string) => (await listings(query)).data.map((row) => row.id);

describe('who may list listings', () => {
  it('answers visitors and users 404, as an address that does not exist, and staff without the second factor 403', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: user } = await signedInClient(testApp.app);
    const nowhere = await user.get('/api/no-such-thing');
    for (const client of [visitor, user]) {
      const response = await client.get('/api/admin/listings?reported=1');
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(nowhere.body);
    }
    const pending = await staffClient(testApp.app, 'support', { secondFactor: false });
    expect((await pending.client.get('/api/admin/listings')).statusCode).toBe(403);
    const support = await staffClient(testApp.app, 'support');
    expect((await support.client.get('/api/admin/listings')).statusCode).toBe(200);
  });
});

describe('finding listings', () => {
  it('finds by any part of the title in any case and by id, in every state, newest first, never as a pattern', async () => {
    const seller = await insertUser(db(), { first_name: 'Samir', last_name: 'Seller' });
    const active = await insertListing(db(), seller.id, { title: 'Vintage Leica M6 camera' });
    const draft = await insertListing(db(), seller.id, { status: 'draft', title: 'Leica lens, unfinished ad' });
    const removed = await insertListing(db(), seller.id, { status: 'removed', title: 'Fake LEICA strap' });
    await insertListing(db(), seller.id, { title: '100% cotton shirt' });

    expect(await ids('q=leica')).toEqual([removed, draft, active]);
    expect(await ids('q=M6%20CAM')).toEqual([active]);
    expect(await ids(`q=${draft}`)).toContain(draft);
    // % and _ are letters here: "0%" is in one title, "%" alone in no other.
    expect((await listings('q=0%25')).data.map((row) => row.title)).toEqual(['100% cotton shirt']);
    expect(await ids('q=le_ca')).toEqual([]);
  });

  it('filters by state, category (with its sub-categories), seller and open reports, together', async () => {
    const seller = await insertUser(db(), { first_name: 'Farah', last_name: 'Filters' });
    const other = await insertUser(db(), { first_name: 'Ola', last_name: 'Other' });
    const phone = await insertListing(db(), seller.id, { title: 'Filter phone', categorySlug: 'mobile-phones' });
    const laptop = await insertListing(db(), seller.id, {
      title: 'Filter laptop',
      categorySlug: 'laptops',
      status: 'paused',
    });
    const sofa = await insertListing(db(), other.id, { title: 'Filter sofa', categorySlug: 'furniture' });
    const reportedOnce = await db()
      .insertInto('listing_reports')
      .values([
        { listing_id: phone, reporter_id: other.id, reason: 'scam' },
        { listing_id: sofa, reporter_id: seller.id, reason: 'other', resolved_at: new Date(), outcome: 'dismissed' },
      ])
      .returning('id')
      .execute();
    expect(reportedOnce).toHaveLength(2);
    const electronics = await db()
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', 'electronics')
      .executeTakeFirstOrThrow();

    expect(await ids('q=filter&status=paused')).toEqual([laptop]);
    expect(await ids(`q=filter&category=${electronics.id}`)).toEqual([laptop, phone]);
    expect(await ids(`q=filter&seller=${other.id}`)).toEqual([sofa]);
    // Only open reports count: the sofa's was dismissed.
    expect(await ids('q=filter&reported=1')).toEqual([phone]);
    expect(await ids(`q=filter&seller=${seller.id}&category=${electronics.id}&status=active&reported=1`)).toEqual([
      phone,
    ]);
    expect(await ids(`seller=${seller.id}&status=sold`)).toEqual([]);
    expect(await ids('category=2147483647')).toEqual([]);
  });

  it('gives each row its thumbnail, public address, seller, state, price, open reports and category', async () => {
    const seller = await insertUser(db(), { first_name: 'Rania', last_name: 'Rows' });
    const reporter = await insertUser(db());
    const live = await insertListing(db(), seller.id, { title: 'Row check kettle', price: 4_500 });
    const draft = await insertListing(db(), seller.id, { status: 'draft', title: 'Row check draft' });
    await db()
      .insertInto('listing_photos')
      .values({ listing_id: live, key: 'A'.repeat(22), position: 0, width: 640, height: 480, placeholder: 'x' })
      .execute();
    await db()
      .insertInto('listing_reports')
      .values({ listing_id: live, reporter_id: reporter.id, reason: 'scam' })
      .execute();

    const { data } = await listings('q=row%20check', { 'accept-language': 'ar' });
    expect(data).toEqual([
      expect.objectContaining({
        id: draft,
        status: 'draft',
        slug: null,
        thumb: null,
        price_fils: null,
        open_reports: 0,
      }),
      expect.objectContaining({
        id: live,
        title: 'Row check kettle',
        slug: listingSlug('Row check kettle'),
        status: 'active',
        price_fils: 4_500,
        thumb: `/media/photos/${'A'.repeat(22)}-thumb.webp`,
        seller: { id: seller.id, name: 'Rania Rows' },
        category: { id: expect.any(Number) as number, name: 'هواتف محمولة' },
        open_reports: 1,
        hidden: false,
      }),
    ]);
  });

  it('pages newest first with a cursor, and refuses a filter, cursor or limit out of range (422)', async () => {
    const seller = await insertUser(db());
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await insertListing(db(), seller.id, { title: 'Paged lamp' }));
    const first = await listings('q=paged%20lamp&limit=2');
    expect(first.data.map((row) => row.id)).toEqual([made[2], made[1]]);
    const second = await listings(`q=paged%20lamp&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((row) => row.id)).toEqual([made[0]]);
    expect(second.next_cursor).toBeNull();
    for (const query of [
      'status=lost',
      'category=0',
      'category=2147483648',
      'seller=-1',
      'reported=yes',
      'cursor=2147483648',
      'limit=99',
      `q=${'x'.repeat(101)}`,
    ]) {
      expect((await moderator.client.get(`/api/admin/listings?${query}`)).statusCode, query).toBe(422);
    }
  });
});
