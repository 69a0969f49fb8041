import fs from 'node:fs';
import path from 'node:path';
import {
  isLeaf,
  listingProblems,
  listingStatuses,
  type Category,
  type Listing,
  type ListingEvent,
  type ListingPage,
  type OwnListingPage,
} from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhotoPool } from '../src/db/demo-catalogue/photo-pool';
import { planDemoCatalogue } from '../src/db/demo-catalogue/plan-demo-catalogue';
import { taskLimit } from '../src/db/demo-catalogue/task-limit';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed';
import type { MediaStorage } from '../src/plugins/storage';
import { BrowserLikeClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
/** Shared by every seed of this file, so each photo is drawn once. */
const pool = new DemoPhotoPool();

/** The storage, failing at its `failAt`-th write as a full disk would. */
function failingStorage(storage: MediaStorage, failAt: number): MediaStorage {
  let writes = 0;
  return {
    put: (key, data) => (++writes >= failAt ? Promise.reject(new Error('disk full')) : storage.put(key, data)),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
  };
}

async function inventory() {
  const { db } = testApp.database;
  const count = async (
    table:
      | 'users'
      | 'listings'
      | 'listing_photos'
      | 'listing_events'
      | 'media_uploads'
      | 'orders'
      | 'order_events'
      | 'reviews'
      | 'conversations'
      | 'messages',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const photoFolder = path.join(testApp.dataDir, 'media', 'photos');
  return {
    users: await count('users'),
    listings: await count('listings'),
    photos: await count('listing_photos'),
    events: await count('listing_events'),
    uploads: await count('media_uploads'),
    orders: await count('orders'),
    orderEvents: await count('order_events'),
    reviews: await count('reviews'),
    conversations: await count('conversations'),
    messages: await count('messages'),
    files: fs.existsSync(photoFolder) ? fs.readdirSync(photoFolder).length : 0,
    sellersWithListings: (await db.selectFrom('listings').select('seller_id').distinct().execute()).length,
  };
}

let afterFailure: { error: unknown; inventory: Awaited<ReturnType<typeof inventory>> };

/** The photo files of the first `sellers` sellers, as the seed writes them. */
function photoFilesOf(sellers: number): number {
  const plan = planDemoCatalogue(new Date()).slice(0, sellers);
  return plan.flatMap((seller) => seller.listings.flatMap((listing) => listing.photos)).length * 3;
}

beforeAll(async () => {
  testApp = await createTestApp();
  // A write fails in the middle of the fourth seller's photos: the first three are in, the fourth not at all.
  const failAt = Math.round((photoFilesOf(3) + photoFilesOf(4)) / 2);
  const error = await seedDemoData(testApp.database.db, failingStorage(testApp.app.storage, failAt), { pool }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  afterFailure = { error, inventory: await inventory() };
  await seedDemoData(testApp.database.db, testApp.app.storage, { pool });
}, 120_000);
afterAll(() => testApp.close());

async function signIn(email: string, password: string): Promise<BrowserLikeClient> {
  const client = new BrowserLikeClient(testApp.app);
  await client.visit('/login');
  expect((await client.post('/login', { email, password })).statusCode).toBe(200);
  return client;
}

describe('the demo catalogue', () => {
  it('is planned the same way every time for the same moment, without a title twice per seller', () => {
    const now = new Date('2026-11-20T08:00:00Z');
    const plan = planDemoCatalogue(now);
    expect(planDemoCatalogue(now)).toEqual(plan);
    for (const seller of plan) {
      const titles = seller.listings.map((listing) => listing.title);
      expect(new Set(titles).size, seller.account.email).toBe(titles.length);
    }
  });

  it('keeps no half-seeded seller, row or file when a write fails, and the next start completes it', async () => {
    expect(afterFailure.error).toBeInstanceOf(Error);
    expect(afterFailure.inventory).toMatchObject({ sellersWithListings: 3, uploads: 0 });
    expect(afterFailure.inventory.files).toBe(afterFailure.inventory.photos * 3);
    const now = await inventory();
    expect(now).toMatchObject({ sellersWithListings: 2 + 9, uploads: 0, files: now.photos * 3 });
  });

  it('lists over 300 active listings from both kinds of seller across the emirates, each complete, with served photos', async () => {
    const client = new BrowserLikeClient(testApp.app);
    const categories = (await client.get('/api/categories')).json<{ data: Category[] }>().data;
    const ids: number[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: ListingPage = (await client.get(`/api/listings?limit=48${cursor && `&cursor=${cursor}`}`)).json();
      ids.push(...page.data.map((card) => card.id));
      cursor = page.next_cursor;
    }
    expect(ids.length).toBeGreaterThanOrEqual(300);

    const limit = taskLimit(8);
    const listings = await Promise.all(
      ids.map((id) => limit(async () => (await client.get(`/api/listings/${id}`)).json<{ data: Listing }>().data)),
    );
    for (const listing of listings) {
      const category = categories.find((candidate) => candidate.id === listing.category?.id);
      const problems = listingProblems(
        { ...listing, category_id: listing.category?.id ?? null },
        {
          attributes: category?.attributes ?? [],
          categoryIsLeaf: isLeaf(categories, category?.id ?? 0),
          accountType: listing.seller.account_type,
          photoCount: listing.photos.length,
          tradeKind: category?.trade_kind,
        },
      );
      expect(problems, listing.title).toEqual({});
    }
    // A rent's price is for a year, with no condition and no offers (issue 32); nothing else has a period.
    const rents = listings.filter((listing) => listing.category?.trade_kind === 'rent');
    expect(rents.length).toBeGreaterThan(0);
    for (const rent of rents)
      expect([rent.price_period, rent.condition, rent.negotiable]).toEqual(['year', null, false]);
    for (const other of listings.filter((listing) => listing.category?.trade_kind !== 'rent')) {
      expect(other.price_period, other.title).toBeNull();
    }
    const photoUrls = listings.flatMap((listing) => [
      listing.photos[0]?.full ?? `/media/photos/none-of-${listing.id}`,
      ...listing.photos.map((photo) => photo.card),
    ]);
    const served = await Promise.all(
      photoUrls.map((url) =>
        limit(async () => {
          const photo = await client.get(url);
          return { url, status: photo.statusCode, type: photo.headers['content-type'] };
        }),
      ),
    );
    expect(served.filter((photo) => photo.status !== 200 || photo.type !== 'image/webp')).toEqual([]);
    const cities = new Set(listings.map((listing) => listing.city));
    const accountTypes = new Set(listings.map((listing) => listing.seller.account_type));
    expect(cities.size).toBeGreaterThanOrEqual(7);
    expect([...accountTypes].sort()).toEqual(['company', 'individual']);
  });

  it('gives each printed account listings in every state, with their history', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const client = await signIn(account.email, account.password);
      const mine = (await client.get('/api/me/listings?status=ended')).json<OwnListingPage>();
      for (const status of listingStatuses)
        expect(mine.counts[status], `${account.email} ${status}`).toBeGreaterThan(0);
      expect(mine.data.map((card) => card.status).sort()).toEqual(
        expect.arrayContaining(['expired', 'removed', 'sold']),
      );
      const live = (await client.get('/api/me/listings?status=active')).json<OwnListingPage>().data;
      const histories = await Promise.all(
        [...mine.data, ...live].map(
          async (card) => (await client.get(`/api/listings/${card.id}/history`)).json<{ data: ListingEvent[] }>().data,
        ),
      );
      const priceChanges = histories.flat().filter((event) => event.type === 'edited' && event.changes.price_fils);
      expect(priceChanges.length, account.email).toBeGreaterThan(0);
    }
    const omar = await signIn(DEMO_ACCOUNTS[1].email, DEMO_ACCOUNTS[1].password);
    const active = (await omar.get('/api/me/listings?status=active')).json<OwnListingPage>().data;
    const quantities = await Promise.all(
      active.map(async (card) => (await omar.get(`/api/listings/${card.id}`)).json<{ data: Listing }>().data.quantity),
    );
    expect(Math.max(...quantities)).toBeGreaterThan(1);
  });

  it('has a history: every review after its completed order and within 14 days, every step in order, members for months', async () => {
    const { db } = testApp.database;
    const reviews = await sql<{ order_status: string; completed_at: Date | null; created_at: Date }>`
      select orders.status as order_status, orders.completed_at, reviews.created_at
      from reviews join orders on orders.id = reviews.order_id`.execute(db);
    expect(reviews.rows.length).toBeGreaterThan(10);
    for (const review of reviews.rows) {
      expect(review.order_status).toBe('completed');
      const since = review.created_at.getTime() - (review.completed_at?.getTime() ?? Infinity);
      expect(since).toBeGreaterThan(0);
      expect(since).toBeLessThan(14 * 24 * 3600 * 1000);
      expect(review.created_at.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // The steps of each order come one after another, the listing published before the first.
    const steps = await sql<{
      order_id: number;
      times: Date[];
      published_at: Date;
      received_at: Date | null;
      completed_at: Date | null;
    }>`
      select order_events.order_id, array_agg(order_events.created_at order by order_events.id) as times,
        listings.published_at, orders.received_at, orders.completed_at
      from order_events join orders on orders.id = order_events.order_id join listings on listings.id = orders.listing_id
      group by order_events.order_id, listings.published_at, orders.received_at, orders.completed_at`.execute(db);
    for (const order of steps.rows) {
      const times = order.times.map((time) => new Date(time).getTime());
      expect(times).toEqual(times.toSorted((a, b) => a - b));
      expect(times[0]).toBeGreaterThan(order.published_at.getTime());
      if (order.completed_at && order.received_at) {
        expect(order.completed_at.getTime() - order.received_at.getTime()).toBeGreaterThanOrEqual(48 * 3600 * 1000);
      }
    }
    // Ratings as the reviews say, every demo account a member for months, each printed account with orders both ways.
    const totals = await sql<{ same: boolean }>`
      select bool_and(user_ratings.reviews = counted.n and user_ratings.stars = counted.stars) as same
      from user_ratings join (select subject_id, count(*)::int as n, sum(rating)::int as stars from reviews group by subject_id) counted
        on counted.subject_id = user_ratings.user_id`.execute(db);
    expect(totals.rows[0]?.same).toBe(true);
    const joined = await db
      .selectFrom('users')
      .select(['email', 'created_at'])
      .where('email', 'like', '%example%')
      .execute();
    for (const user of joined)
      expect(Date.now() - user.created_at.getTime(), user.email).toBeGreaterThan(120 * 24 * 3600 * 1000);
    for (const account of DEMO_ACCOUNTS) {
      const client = await signIn(account.email, account.password);
      const history = (await client.get('/api/orders/history')).json<{ data: { role: string }[] }>().data;
      expect(new Set(history.map((order) => order.role)), account.email).toEqual(new Set(['buyer', 'seller']));
      const conversations = (await client.get('/api/conversations')).json<{ data: unknown[] }>().data;
      expect(conversations.length, account.email).toBeGreaterThan(1);
    }
    const [layla] = DEMO_ACCOUNTS;
    const laylaClient = await signIn(layla.email, layla.password);
    const purchases = (await laylaClient.get('/api/orders?role=buyer')).json<{
      data: { action_needed: { status: string }[] };
    }>().data;
    expect(purchases.action_needed.map((order) => order.status)).toContain('handed_over');
    // Her newest purchase waits for her review.
    const bought = (await laylaClient.get('/api/orders/history?role=buyer')).json<{ data: { can_review: boolean }[] }>()
      .data;
    expect(bought.some((order) => order.can_review)).toBe(true);
  });

  it('adds nothing when seeded again', async () => {
    const before = await inventory();
    await seedDemoData(testApp.database.db, testApp.app.storage, { pool });
    expect(await inventory()).toEqual(before);
  });
});
