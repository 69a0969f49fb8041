import type { City } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { cityNamed, createProfileTestApp, fetchCities, readProfile, validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createProfileTestApp();
});
afterAll(() => testApp.close());

const arabicReader = () => new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });

describe('places in Arabic', () => {
  it('names every city and neighborhood in Arabic for an Arabic reader, in Arabic alphabetical order', async () => {
    const response = await arabicReader().get('/cities');
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(response.headers.vary).toMatch(/Cookie/);
    const cities = response.json<{ data: City[] }>().data;
    expect(cities.map((city) => city.name)).toEqual([
      'أبوظبي',
      'الشارقة',
      'العين',
      'الفجيرة',
      // Arabic collation reads أ as ا: أم after ال.
      'أم القيوين',
      'دبي',
      'رأس الخيمة',
      'عجمان',
    ]);
    for (const city of cities) {
      for (const place of [city, ...city.neighborhoods]) expect(place.name).toMatch(/^[\u0600-\u06ff ]+$/);
      const names = city.neighborhoods.map((neighborhood) => neighborhood.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('ar').compare));
    }
    const dubai = cities.find((city) => city.name === 'دبي');
    expect(dubai?.neighborhoods.map((neighborhood) => neighborhood.name)).toContain('دبي مارينا');
  });

  it('gives the same ids in both languages', async () => {
    const english = await fetchCities(new BrowserLikeClient(testApp.app));
    const arabic = (await arabicReader().get('/cities')).json<{ data: City[] }>().data;
    const ids = (cities: City[]) =>
      cities.flatMap((city) => [city.id, ...city.neighborhoods.map(({ id }) => id)]).sort();
    expect(ids(arabic)).toEqual(ids(english));
    expect(cityNamed(english, 'Dubai').id).toBe(arabic.find((city) => city.name === 'دبي')?.id);
  });

  it('names a profile’s city and neighborhoods in the reader’s language', async () => {
    const { client } = await signedInClient(testApp.app);
    const dubai = cityNamed(await fetchCities(client), 'Dubai');
    const marina = dubai.neighborhoods.find((neighborhood) => neighborhood.name === 'Dubai Marina');
    if (!marina) throw new Error('Dubai Marina is not seeded');
    await client.put('/user/profile', validProfileUpdate(dubai, { neighborhoods: [marina] }));
    await client.put('/api/locale', { locale: 'ar' });
    const profile = await readProfile(client);
    expect(profile.address.city?.name).toBe('دبي');
    expect(profile.neighborhoods).toEqual([{ id: marina.id, name: 'دبي مارينا' }]);
    expect(profile.address.city?.neighborhoods.map(({ name }) => name)).toContain('جميرا');
  });

  it('fills in the Arabic names of places seeded before they had one, at the next start', async () => {
    const { db } = testApp.database;
    await db.updateTable('cities').set({ name_ar: null }).where('name', '=', 'Sharjah').execute();
    await db.updateTable('neighborhoods').set({ name_ar: null }).where('name', '=', 'Al Majaz').execute();
    const before = (await arabicReader().get('/cities')).json<{ data: City[] }>().data;
    // Until then the English name stands in.
    expect(before.map((city) => city.name)).toContain('Sharjah');

    await seedReferenceData(db);
    const after = (await arabicReader().get('/cities')).json<{ data: City[] }>().data;
    const sharjah = after.find((city) => city.name === 'الشارقة');
    expect(sharjah?.neighborhoods.map(({ name }) => name)).toContain('المجاز');
  });
});
