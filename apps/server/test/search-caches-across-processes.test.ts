import type { SearchFacets, SearchSuggestions } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { BrowserLikeClient } from './browser-like-client';
import {
  addPhoto,
  categoryBySlug,
  completePhone,
  createCatalogueTestApp,
  listingOf,
  newDraft,
  seller,
  type Seller,
} from './fixtures/catalogue';
import type { TestApp } from './test-app';

/**
 * Search's facet counts and suggestions are kept in memory until a listing changes (decision 043):
 * two app instances on one database, as two processes behind a load balancer. A write through
 * one is seen by the other once its notification (`listings`, migration 0036) has arrived, and by
 * the writer at once. Each wait is for the other's listener to catch up, never a sleep.
 */
let testApp: TestApp;
let a: FastifyInstance;
let b: FastifyInstance;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  a = testApp.app;
  b = await buildApp({ config: testApp.config, db: testApp.database.db });
  await b.ready();
  owner = await seller(testApp);
});
afterAll(async () => {
  await b.close();
  await testApp.close();
});

/**
 * Resolves once `app`'s listener has received the notifications of every write committed before
 * the call (its own marker's round trip, decision 038): what another process sees next.
 */
async function caughtUp(app: FastifyInstance): Promise<void> {
  const bus = app.readCaches.bus;
  if (!bus?.live) throw new Error('the read caches are not listening');
  await bus.sync();
}

const visitorOn = (app: FastifyInstance) => new BrowserLikeClient(app);

async function facetsOn(app: FastifyInstance, query: string): Promise<SearchFacets> {
  const response = await visitorOn(app).get(`/api/search/facets?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SearchFacets }>().data;
}

async function titlesOn(app: FastifyInstance, text: string): Promise<string[]> {
  const response = await visitorOn(app).get(`/api/search/suggestions?q=${encodeURIComponent(text)}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SearchSuggestions }>().data.titles;
}

const conditionsOn = async (app: FastifyInstance) => (await facetsOn(app, 'q=zanzibar')).conditions;

/** A write with the triggers off, so no process is told: what only a cached answer would not show. */
async function quietly(statement: ReturnType<typeof sql>): Promise<void> {
  await testApp.database.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

describe('facet counts and suggestions kept in memory', () => {
  it('change on both instances right after a listing is published, edited and removed', async () => {
    const phones = await categoryBySlug(owner.client, 'mobile-phones');
    const draft = await newDraft(owner.client, phones.id);
    const filled = await owner.client.request('PATCH', `/api/listings/${draft.id}`, {
      ...completePhone(owner.dubai.id),
      title: 'Zanzibar phone, 128 GB',
    });
    expect(filled.statusCode).toBe(200);
    await addPhoto(owner.client, draft.id);
    // Both instances have answered, and keep, "nothing yet".
    for (const app of [a, b]) {
      expect((await facetsOn(app, 'q=zanzibar')).total).toBe(0);
      expect(await titlesOn(app, 'zanzib')).toEqual([]);
    }
    const published = await owner.client.post(`/api/listings/${draft.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(listingOf(published).status).toBe('active');
    // The writer's own next request: its answer went out once its listener had caught up.
    expect((await facetsOn(a, 'q=zanzibar')).total).toBe(1);
    expect(await titlesOn(a, 'zanzib')).toEqual(['Zanzibar phone, 128 GB']);
    await caughtUp(b);
    expect((await facetsOn(b, 'q=zanzibar')).total).toBe(1);
    expect(await titlesOn(b, 'zanzib')).toEqual(['Zanzibar phone, 128 GB']);

    // Kept: a change nobody was told of does not show, on either instance.
    await quietly(sql`update listings set condition = 'fair' where id = ${draft.id}`);
    for (const app of [a, b]) expect(await conditionsOn(app)).toEqual([{ value: 'like_new', count: 1 }]);
    await quietly(sql`update listings set condition = 'like_new' where id = ${draft.id}`);
    const edited = await owner.client.request('PATCH', `/api/listings/${draft.id}`, {
      title: 'Zanzibar tablet, 256 GB',
      condition: 'new',
    });
    expect(edited.statusCode).toBe(200);
    expect(await titlesOn(a, 'zanzib')).toEqual(['Zanzibar tablet, 256 GB']);
    expect(await conditionsOn(a)).toEqual([{ value: 'new', count: 1 }]);
    await caughtUp(b);
    expect(await titlesOn(b, 'zanzib')).toEqual(['Zanzibar tablet, 256 GB']);
    expect(await conditionsOn(b)).toEqual([{ value: 'new', count: 1 }]);
    expect((await owner.client.request('DELETE', `/api/listings/${draft.id}`)).statusCode).toBe(204);
    expect((await facetsOn(a, 'q=zanzibar')).total).toBe(0);
    expect(await titlesOn(a, 'zanzib')).toEqual([]);
    await caughtUp(b);
    expect((await facetsOn(b, 'q=zanzibar')).total).toBe(0);
    expect(await titlesOn(b, 'zanzib')).toEqual([]);
  });

  it('are the answers the database gives: byte for byte what an instance without caches answers', async () => {
    const phones = await categoryBySlug(owner.client, 'mobile-phones');
    await testApp.database.db
      .insertInto('listings')
      .values(
        ['Tanganyika phone, 64 GB', 'Tanganyika phone, 128 GB', 'Tanganyika tablet'].map((title, index) => ({
          seller_id: owner.id,
          category_id: phones.id,
          status: 'active' as const,
          title,
          description: 'A description long enough to publish with.',
          condition: index === 0 ? ('new' as const) : ('good' as const),
          price_fils: 100_000 + index,
          attributes: JSON.stringify({ brand: 'apple' }) as never,
          city_id: owner.dubai.id,
          published_at: new Date(Date.now() - index * 60_000),
          expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        })),
      )
      .execute();
    await caughtUp(b);
    const uncached = await buildApp({ config: { ...testApp.config, readCaches: false }, db: testApp.database.db });
    try {
      const addresses = [
        '/api/search?q=tanganyika',
        '/api/search?q=tanganyka',
        '/api/search?q=tanganyika&sort=price_asc&limit=2',
        '/api/search/facets?q=tanganyika',
        '/api/search/facets?q=tanganyka&category=mobile-phones',
        '/api/search/suggestions?q=tanga',
        '/api/search/suggestions?q=tanganyka%20p',
      ];
      for (const address of addresses) {
        const expected = (await visitorOn(uncached).get(address)).body;
        // Asked twice on b: filled from the database, then answered from memory.
        expect((await visitorOn(b).get(address)).body).toBe(expected);
        expect((await visitorOn(b).get(address)).body).toBe(expected);
      }
    } finally {
      await uncached.close();
    }
  });

  it('change when a seller becomes a company (the seller type’s counts)', async () => {
    const shopOwner = await seller(testApp);
    const phones = await categoryBySlug(shopOwner.client, 'mobile-phones');
    const draft = await newDraft(shopOwner.client, phones.id);
    await shopOwner.client.request('PATCH', `/api/listings/${draft.id}`, {
      ...completePhone(shopOwner.dubai.id),
      title: 'Kilimanjaro phone, 64 GB',
    });
    await addPhoto(shopOwner.client, draft.id);
    expect((await shopOwner.client.post(`/api/listings/${draft.id}/publish`)).statusCode).toBe(200);
    expect((await facetsOn(b, 'q=kilimanjaro')).seller_types).toEqual([{ value: 'individual', count: 1 }]);
    await testApp.database.db
      .updateTable('users')
      .set({ account_type: 'company' })
      .where('id', '=', shopOwner.id)
      .execute();
    await caughtUp(b);
    expect((await facetsOn(b, 'q=kilimanjaro')).seller_types).toEqual([{ value: 'company', count: 1 }]);
  });
});

describe('a search’s connection', () => {
  it('goes back to the pool without the plan settings a query of the search needed', async () => {
    // Typos and rare words are read with some plans turned off for one query (readingThrough()).
    const addresses = ['q=tanganyka', 'q=qwertyuiop', 'q=tanganyika&sort=price_asc', 'q=zzzz&category=cars'];
    await Promise.all(addresses.flatMap((query) => [a, b].map((app) => visitorOn(app).get(`/api/search?${query}`))));
    // Every connection of the pool (ten) held at once, each asked what its settings are.
    const settings: string[] = [];
    const hold = async (left: number): Promise<void> => {
      if (left === 0) return;
      await testApp.database.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ settings: string }>`select concat_ws(' ', current_setting('enable_indexscan'),
          current_setting('enable_seqscan'), current_setting('enable_bitmapscan'), current_setting('enable_sort')) as settings`.execute(
          connection,
        );
        settings.push(rows[0]?.settings ?? '');
        await hold(left - 1);
      });
    };
    await hold(10);
    expect(settings).toEqual(Array(10).fill('on on on on'));
  });
});
