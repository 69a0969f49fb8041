import type { City, Timezone } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { createProfileTestApp } from './fixtures/profile';
import type { TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createProfileTestApp();
});
afterAll(() => testApp.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });

describe('GET /cities', () => {
  it("lists the UAE's main cities with their neighborhoods, without a session", async () => {
    const response = await get('/cities');
    expect(response.statusCode).toBe(200);
    const cities = response.json<{ data: City[] }>().data;
    expect(cities.map((city) => city.name)).toEqual([
      'Abu Dhabi',
      'Ajman',
      'Al Ain',
      'Dubai',
      'Fujairah',
      'Ras Al Khaimah',
      'Sharjah',
      'Umm Al Quwain',
    ]);
    for (const city of cities) {
      expect(city).toEqual({
        id: expect.any(Number) as number,
        name: city.name,
        neighborhoods: expect.any(Array) as unknown[],
      });
      expect(city.neighborhoods.length).toBeGreaterThanOrEqual(10);
      const names = city.neighborhoods.map((neighborhood) => neighborhood.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    }
    for (const name of ['Dubai', 'Abu Dhabi', 'Sharjah']) {
      expect(cities.find((city) => city.name === name)?.neighborhoods.length).toBeGreaterThanOrEqual(15);
    }
    const dubai = cities.find((city) => city.name === 'Dubai');
    expect(dubai?.neighborhoods.map((neighborhood) => neighborhood.name)).toEqual(
      expect.arrayContaining(['Dubai Marina', 'Business Bay', 'Deira', 'Jumeirah']),
    );
  });

  it('may be cached: it holds no personal data', async () => {
    const response = await get('/cities');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('seeds the same rows however often the server starts', async () => {
    const before = (await get('/cities')).json<{ data: City[] }>().data;
    await seedReferenceData(testApp.database.db);
    await seedReferenceData(testApp.database.db);
    expect((await get('/cities')).json<{ data: City[] }>().data).toEqual(before);
  });
});

describe('GET /timezones', () => {
  it('lists every zone the runtime knows, each with a readable label and its UTC offset', async () => {
    const response = await get('/timezones');
    expect(response.statusCode).toBe(200);
    const zones = response.json<{ data: Timezone[] }>().data;
    const values = zones.map((zone) => zone.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual(expect.arrayContaining([...Intl.supportedValuesOf('timeZone'), 'UTC']));
    expect(zones).toContainEqual({ value: 'Asia/Dubai', label: '(UTC+04:00) Asia/Dubai', offset_minutes: 240 });
    expect(zones).toContainEqual({ value: 'Asia/Kabul', label: '(UTC+04:30) Asia/Kabul', offset_minutes: 270 });
    expect(zones).toContainEqual({ value: 'UTC', label: '(UTC+00:00) UTC', offset_minutes: 0 });
    const newYork = zones.find((zone) => zone.value === 'America/New_York');
    expect(newYork?.label).toMatch(/^\(UTC-0[45]:00\) America\/New York$/);
  });

  it('orders zones from west to east', async () => {
    const zones = (await get('/timezones')).json<{ data: Timezone[] }>().data;
    const offsets = zones.map((zone) => zone.offset_minutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets[0]).toBeLessThan(0);
    expect(offsets.at(-1)).toBeGreaterThan(0);
  });

  it('may be cached for a while, since offsets change only with daylight saving', async () => {
    const response = await get('/timezones');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
  });
});
