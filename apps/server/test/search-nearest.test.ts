import type { Category, City, ListingCard, SearchFacets } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { categoryBySlug, createCatalogueTestApp, seller, type Seller } from './fixtures/catalogue';
import { cityNamed, fetchCities } from './fixtures/profile';
import type { TestApp } from './test-app';

/**
 * "Nearest first" (issue 13) on a small known catalogue around Dubai Marina: listings with a map
 * point, listings placed at their city's centre (the seeded reference data's), ties, and one that
 * is paused right where the search stands.
 */
let testApp: TestApp;
let owner: Seller;
let phones: Category;
let cars: Category;
let dubai: City;
let sharjah: City;
let abuDhabi: City;
const ids: Record<string, number> = {};
/** Where the searches stand: Dubai Marina. */
const NEAR = 'near=25.08,55.14';

async function insert(
  key: string,
  place: { city: City; at?: [number, number] },
  {
    category = phones,
    status = 'active',
    hoursAgo = 1,
  }: { category?: Category; status?: 'active' | 'paused'; hoursAgo?: number } = {},
) {
  const published = new Date(Date.now() - hoursAgo * 3600_000);
  const { id } = await testApp.database.db
    .insertInto('listings')
    .values({
      seller_id: owner.id,
      category_id: category.id,
      status,
      title: `Listing ${key}`,
      description: 'A description long enough to publish with.',
      condition: 'good',
      price_fils: 100_000,
      attributes: JSON.stringify({}) as never,
      city_id: place.city.id,
      latitude: place.at?.[0] ?? null,
      longitude: place.at?.[1] ?? null,
      published_at: published,
      expires_at: new Date(published.getTime() + 30 * 24 * 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = id;
}

const keyOf = (id: number) => Object.entries(ids).find(([, each]) => each === id)?.[0];

async function results(query: string) {
  const response = await owner.client.get(`/api/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ListingCard[]; next_cursor: string | null }>();
}

const found = async (query: string) => (await results(query)).data.map((card) => keyOf(card.id));

/** Every page of `query`, `limit` at a time, each from the previous page's cursor. */
async function paged(query: string, limit: number) {
  const all: (string | undefined)[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const { data, next_cursor } = await results(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...data.map((card) => keyOf(card.id)));
    cursor = next_cursor;
    if (!cursor) break;
  }
  return all;
}

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  owner = await seller(testApp);
  phones = await categoryBySlug(owner.client, 'mobile-phones');
  cars = await categoryBySlug(owner.client, 'cars');
  const cities = await fetchCities(owner.client);
  dubai = cityNamed(cities, 'Dubai');
  sharjah = cityNamed(cities, 'Sharjah');
  abuDhabi = cityNamed(cities, 'Abu Dhabi');
  // Distances from the search's place: 44 m (PostgreSQL writes its chord as 6.9e-06), 150 m, 1.5 km (twice: one building), 2.3 km, then the
  // centre of Dubai (19.1 km, three listings without a map point), a map point in Sharjah (39.0 km),
  // the centre of Sharjah (40.9 km) and of Abu Dhabi (103.8 km).
  await insert('downtownA', { city: dubai }, { hoursAgo: 3 });
  await insert('abuDhabi', { city: abuDhabi }, { hoursAgo: 0.5 });
  await insert('towerA', { city: dubai, at: [25.09, 55.15] });
  await insert('downtownB', { city: dubai }, { category: cars });
  await insert('sharjahPoint', { city: sharjah, at: [25.34, 55.4] });
  await insert('marina', { city: dubai, at: [25.081, 55.141] }, { hoursAgo: 5 });
  await insert('jlt', { city: dubai, at: [25.07, 55.16] });
  await insert('towerB', { city: dubai, at: [25.09, 55.15] }, { category: cars });
  await insert('sharjahCentre', { city: sharjah });
  await insert('downtownC', { city: dubai }, { hoursAgo: 2 });
  await insert('nextDoor', { city: dubai, at: [25.0803, 55.1403] });
  await insert('pausedHere', { city: dubai, at: [25.08, 55.14] }, { status: 'paused' });
});

afterAll(async () => {
  await testApp.close();
});

const NEAREST = [
  'nextDoor',
  'marina',
  'towerA',
  'towerB',
  'jlt',
  'downtownA',
  'downtownB',
  'downtownC',
  'sharjahPoint',
  'sharjahCentre',
  'abuDhabi',
];

describe('nearest first', () => {
  it('orders active listings by their distance from the place, ties by id, those without a map point at their city’s centre', async () => {
    expect(await found(`${NEAR}&sort=nearest`)).toEqual(NEAREST);
  });

  it('pages without a gap or a repeat, ties split across pages included', async () => {
    for (const limit of [1, 2, 3, 4]) expect(await paged(`${NEAR}&sort=nearest`, limit)).toEqual(NEAREST);
  });

  it('says how far each result is, approximately for one placed at its city’s centre', async () => {
    const { data } = await results(`${NEAR}&sort=nearest`);
    const distance = (key: string) => data.find((card) => keyOf(card.id) === key)?.distance;
    expect(distance('marina')).toEqual({ metres: 150, approximate: false });
    expect(distance('towerA')).toEqual({ metres: 1500, approximate: false });
    expect(distance('downtownC')).toEqual({ metres: 19129, approximate: true });
    expect(distance('abuDhabi')).toEqual({ metres: 103812, approximate: true });
  });

  it('measures from the place under any sort, and not at all without one', async () => {
    const newest = (await results(`${NEAR}&sort=newest`)).data;
    expect(newest.map((card) => keyOf(card.id))[0]).toBe('abuDhabi');
    expect(newest[0]?.distance).toEqual({ metres: 103812, approximate: true });
    expect((await results('sort=newest')).data[0]).not.toHaveProperty('distance');
  });

  it('keeps the filters, words and counts as they are', async () => {
    expect(await found(`${NEAR}&sort=nearest&category=cars`)).toEqual(['towerB', 'downtownB']);
    expect(await found(`${NEAR}&sort=nearest&city=${sharjah.id}`)).toEqual(['sharjahPoint', 'sharjahCentre']);
    expect(await found(`${NEAR}&sort=nearest&q=downtownc`)).toEqual(['downtownC']);
    const facets = async (query: string) =>
      (await owner.client.get(`/api/search/facets?${query}`)).json<{ data: SearchFacets }>().data;
    const counted = await facets(`${NEAR}&sort=nearest&category=mobile-phones`);
    expect(counted.total).toBe(9);
    expect(counted).toEqual(await facets('category=mobile-phones'));
  });

  it('follows a listing that gets a map point, and a city whose centre moves', async () => {
    const db = testApp.database.db;
    await db
      .updateTable('listings')
      .set({ latitude: 25.0801, longitude: 55.1401 })
      .where('id', '=', ids.downtownC ?? 0)
      .execute();
    await db
      .updateTable('cities')
      .set({ latitude: 25.0802, longitude: 55.1402 })
      .where('id', '=', abuDhabi.id)
      .execute();
    try {
      expect((await found(`${NEAR}&sort=nearest`)).slice(0, 4)).toEqual([
        'downtownC',
        'abuDhabi',
        'nextDoor',
        'marina',
      ]);
    } finally {
      await db
        .updateTable('listings')
        .set({ latitude: null, longitude: null })
        .where('id', '=', ids.downtownC ?? 0)
        .execute();
      await db
        .updateTable('cities')
        .set({ latitude: 24.4539, longitude: 54.3773 })
        .where('id', '=', abuDhabi.id)
        .execute();
    }
    expect(await found(`${NEAR}&sort=nearest`)).toEqual(NEAREST);
  });

  it('refuses nearest without a place, a place that is not one, and a cursor that is not its own (422)', async () => {
    const errorsOf = async (query: string) => {
      const response = await owner.client.get(`/api/search?${query}`);
      expect(response.statusCode, query).toBe(422);
      return Object.keys(response.json<{ errors: Record<string, string[]> }>().errors);
    };
    expect(await errorsOf('sort=nearest')).toEqual(['sort']);
    expect(await errorsOf('q=phone&sort=nearest')).toEqual(['sort']);
    for (const near of ['dubai', '91,55', '25,181', '25.1234567,55', '25;55', '25,', ',55', 'NaN,1', '1e1,2']) {
      expect(await errorsOf(`near=${encodeURIComponent(near)}&sort=nearest`)).toEqual(['near']);
    }
    const newest = await results(`${NEAR}&sort=newest&limit=1`);
    expect(await errorsOf(`${NEAR}&sort=nearest&cursor=${newest.next_cursor}`)).toEqual(['cursor']);
    for (const key of ['3', '-0.1', 'Infinity', '0.1; drop table listings', '2.5', '2e-999']) {
      const forged = Buffer.from(JSON.stringify(['nearest', key, 1])).toString('base64url');
      expect(await errorsOf(`${NEAR}&sort=nearest&cursor=${forged}`)).toEqual(['cursor']);
    }
    const message = (await owner.client.get('/api/search?sort=nearest')).json<{ errors: { sort: string[] } }>();
    expect(message.errors.sort[0]).toMatch(/needs a place/);
    const arabic = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    const inArabic = (await arabic.get('/api/search?near=x')).json<{ errors: { near: string[] } }>();
    expect(inArabic.errors.near[0]).toMatch(/خط العرض/);
  });

  it('tells a signed-in user with a city where its centre is, and no one else', async () => {
    const place = await owner.client.get('/api/search/place');
    expect(place.statusCode).toBe(200);
    expect(place.json()).toEqual({ data: { city: 'Dubai', latitude: 25.2048, longitude: 55.2708 } });
    const visitor = new BrowserLikeClient(testApp.app);
    expect((await visitor.get('/api/search/place')).json()).toEqual({ data: null });
  });
});
