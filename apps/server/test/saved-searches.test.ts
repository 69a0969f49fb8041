import type { Notification, SavedSearch } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSavedSearchAlerts } from '../src/modules/saved-searches/saved-search-alerts';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import type { TestApp } from './test-app';

let testApp: TestApp;
let shop: Seller;
let other: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  shop = await seller(testApp);
  other = await seller(testApp);
});
afterAll(() => testApp.close());

const DAY_MS = 24 * 3600 * 1000;
const QUERY = 'q=iphone&category=mobile-phones';

const save = (client: BrowserLikeClient, body: unknown) => client.request('POST', '/api/saved-searches', body);
const listOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/saved-searches')).json<{ data: SavedSearch[] }>().data;
const alertsOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/notifications')).json<{ data: Notification[] }>().data.filter((n) => n.category === 'saved');

async function savedSearch(client: BrowserLikeClient, alerts: 'instant' | 'daily' | 'off', query = QUERY) {
  const response = await save(client, { name: 'Phones', query, alerts });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: SavedSearch }>().data;
}

describe('saving a search', () => {
  it('keeps its normalised query, once per user however often it is saved', async () => {
    const user = await seller(testApp);
    const first = await save(user.client, {
      name: '  Phones  ',
      query: '?category=mobile-phones&q=iphone&cursor=abc&limit=2',
      alerts: 'instant',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ data: { name: 'Phones', query: QUERY, alerts: 'instant', new_matches: 0 } });
    await save(user.client, { name: 'iPhones', query: QUERY, alerts: 'daily' });
    expect((await listOf(user.client)).map(({ name, alerts }) => ({ name, alerts }))).toEqual([
      { name: 'iPhones', alerts: 'daily' },
    ]);
  });

  it.each([
    ['no name', { name: '  ', query: QUERY, alerts: 'off' }, 'name', 'Give this search a name.'],
    [
      'a long name',
      { name: 'x'.repeat(81), query: QUERY, alerts: 'off' },
      'name',
      'The name may not be longer than 80 characters.',
    ],
    ['unknown alerts', { name: 'Phones', query: QUERY, alerts: 'hourly' }, 'alerts', 'The value is not valid.'],
    [
      'a query the search refuses',
      { name: 'Phones', query: 'min_price=abc', alerts: 'off' },
      'query',
      'The value is not valid.',
    ],
  ])('answers 422 to %s, under the field', async (_name, body, field, text) => {
    const user = await seller(testApp);
    const response = await save(user.client, body);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([text]);
    expect(await listOf(user.client)).toEqual([]);
  });

  it('counts the new matches since the user last opened it', async () => {
    const user = await seller(testApp);
    const search = await savedSearch(user.client, 'off');
    await liveListing(shop);
    await liveListing(shop);
    expect((await listOf(user.client))[0]?.new_matches).toBe(2);
    expect((await user.client.post(`/api/saved-searches/${search.id}/seen`)).statusCode).toBe(200);
    expect((await listOf(user.client))[0]?.new_matches).toBe(0);
  });

  it('lets one person save only so many searches an hour', async () => {
    const limited = await createCatalogueTestApp({ SAVED_SEARCHES_PER_HOUR: '2' });
    try {
      const user = await seller(limited);
      const answers: number[] = [];
      for (const q of ['one', 'two', 'three']) {
        answers.push((await save(user.client, { name: q, query: `q=${q}`, alerts: 'off' })).statusCode);
      }
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('saved searches are their owner’s alone', () => {
  it('answers 404 to anyone else’s, and 401 to a visitor', async () => {
    const owner = await seller(testApp);
    const stranger = await seller(testApp);
    const search = await savedSearch(owner.client, 'off');
    for (const response of [
      await stranger.client.request('PATCH', `/api/saved-searches/${search.id}`, { alerts: 'instant' }),
      await stranger.client.request('DELETE', `/api/saved-searches/${search.id}`),
      await stranger.client.post(`/api/saved-searches/${search.id}/seen`),
      await stranger.client.request('DELETE', '/api/saved-searches/abc'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await listOf(stranger.client)).toEqual([]);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    expect((await visitor.get('/api/saved-searches')).statusCode).toBe(401);
    expect((await save(visitor, { name: 'x', query: '', alerts: 'off' })).statusCode).toBe(401);
    expect((await listOf(owner.client)).map((s) => s.alerts)).toEqual(['off']);
    expect((await owner.client.request('DELETE', `/api/saved-searches/${search.id}`)).statusCode).toBe(204);
    expect(await listOf(owner.client)).toEqual([]);
  });
});

describe('alerts of new matches (category saved)', () => {
  it('instant: one alert per seller, however many listings, and never the same twice', async () => {
    const user = await seller(testApp);
    await savedSearch(user.client, 'instant');
    for (let count = 0; count < 3; count += 1) await liveListing(shop);
    await liveListing(other);
    // Two processes at once: each search is claimed by one of them.
    const now = new Date();
    await Promise.all([runSavedSearchAlerts(testApp.app, now), runSavedSearchAlerts(testApp.app, now)]);
    const alerts = await alertsOf(user.client);
    expect(alerts.map((alert) => alert.title).sort()).toEqual([
      '3 new listings match “Phones”',
      'A new listing matches “Phones”',
    ]);
    expect(alerts[0]?.path).toBe(`/search?${QUERY}`);
    await runSavedSearchAlerts(testApp.app, new Date());
    expect(await alertsOf(user.client)).toHaveLength(2);
  });

  it('daily: one digest when it is due, by the database’s clock, and not again until the next day', async () => {
    const user = await seller(testApp);
    const savedAt = Date.now();
    await savedSearch(user.client, 'daily');
    await liveListing(shop);
    await liveListing(other);
    await runSavedSearchAlerts(testApp.app, new Date(savedAt + DAY_MS / 2));
    expect(await alertsOf(user.client)).toEqual([]);
    const due = new Date(savedAt + DAY_MS + 60_000);
    await runSavedSearchAlerts(testApp.app, due);
    await runSavedSearchAlerts(testApp.app, due);
    expect((await alertsOf(user.client)).map((alert) => alert.title)).toEqual(['Today: 2 new listings match “Phones”']);
    // The next day with nothing new: no digest.
    await runSavedSearchAlerts(testApp.app, new Date(savedAt + 2 * DAY_MS + 120_000));
    expect(await alertsOf(user.client)).toHaveLength(1);
  });

  it('off: nothing; and a search of one’s own listings does not alert its seller', async () => {
    const quiet = await seller(testApp);
    await savedSearch(quiet.client, 'off');
    await savedSearch(shop.client, 'instant');
    await liveListing(shop);
    await runSavedSearchAlerts(testApp.app, new Date());
    expect(await alertsOf(quiet.client)).toEqual([]);
    expect(await alertsOf(shop.client)).toEqual([]);
  });
});
