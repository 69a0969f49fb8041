import fs from 'node:fs';
import path from 'node:path';
import type { City, Profile } from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './browser-like-client';
import { dataUrl, png } from './fixtures/images';
import { cityNamed, createProfileTestApp, fetchCities, readProfile, validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

let testApp: TestApp;
let dubai: City;
let sharjah: City;
beforeAll(async () => {
  testApp = await createProfileTestApp();
  const cities = await fetchCities((await signedInClient(testApp.app)).client);
  dubai = cityNamed(cities, 'Dubai');
  sharjah = cityNamed(cities, 'Sharjah');
});
afterAll(() => testApp.close());

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);

describe('PUT /user/profile saves the profile', () => {
  it('answers the saved profile, the same that GET then shows', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const chosen = [dubai.neighborhoods[3], dubai.neighborhoods[0], dubai.neighborhoods[7]].filter(
      (n) => n !== undefined,
    );
    const response = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, {
        first_name: '  Layla ',
        last_name: 'Haddad',
        birthday: '01/12/1988',
        gender: 'F',
        timezone: 'Europe/London',
        address: { postal_code: '00000', region: 'Dubai', phone: '0501234567' },
        neighborhoods: chosen,
      }),
    );
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ data: Profile }>().data;
    expect(saved).toEqual({
      first_name: 'Layla',
      last_name: 'Haddad',
      birthday: '01/12/1988',
      email: registration.email.toLowerCase(),
      avatar: null,
      neighborhoods: [...chosen].sort(byName),
      gender: 'F',
      account_type: 'individual',
      phone: '+9710501234567',
      location_code: 'AE',
      timezone: 'Europe/London',
      company: null,
      address: {
        flat_number: 'Apartment 1204',
        building_name: 'Marina Heights Tower',
        area: 'Dubai Marina',
        postal_code: '00000',
        phone: '0501234567',
        phone_prefix: '+971',
        city_id: dubai.id,
        region: 'Dubai',
        street_address: 'Al Marsa Street',
        city: dubai,
      },
    });
    expect(await readProfile(client)).toEqual(saved);
  });

  it('keeps empty optional fields empty (null) and writes the phone prefix with its plus', async () => {
    const { client } = await signedInClient(testApp.app);
    const response = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, {
        birthday: '',
        gender: '',
        neighborhoods: [],
        address: { street_address: '  ', postal_code: '', region: null, phone_prefix: '971', city_id: null },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Profile }>().data).toMatchObject({
      birthday: null,
      gender: null,
      neighborhoods: [],
      phone: '+971501234567',
      location_code: 'AE',
      address: {
        street_address: null,
        postal_code: null,
        region: null,
        phone_prefix: '+971',
        city_id: null,
        city: null,
      },
    });
  });

  it.each([
    ['a first name of 1 character', { first_name: 'A' }, (p: Profile) => p.first_name === 'A'],
    ['a last name of 255 characters', { last_name: 'x'.repeat(255) }, (p: Profile) => p.last_name.length === 255],
    ['255 emoji as a name', { first_name: '😀'.repeat(255) }, (p: Profile) => p.first_name === '😀'.repeat(255)],
    ['a name in Arabic', { first_name: 'ليلى' }, (p: Profile) => p.first_name === 'ليلى'],
    [
      'a phone number of 12 digits',
      { address: { phone: '123456789012' } },
      (p: Profile) => p.phone === '+971123456789012',
    ],
    ['a one-digit prefix', { address: { phone_prefix: '+1' } }, (p: Profile) => p.address.phone_prefix === '+1'],
    ['29 February of a leap year', { birthday: '29/02/2000' }, (p: Profile) => p.birthday === '29/02/2000'],
    ['a birthday in 1901', { birthday: '1/1/1901' }, (p: Profile) => p.birthday === '01/01/1901'],
    ['gender M', { gender: 'M' }, (p: Profile) => p.gender === 'M'],
    ['the UTC zone', { timezone: 'UTC' }, (p: Profile) => p.timezone === 'UTC'],
  ])('accepts %s', async (_label, changes: Record<string, unknown>, check) => {
    const { client } = await signedInClient(testApp.app);
    const response = await client.put('/user/profile', validProfileUpdate(dubai, changes));
    expect(response.statusCode, response.body).toBe(200);
    expect(check(response.json<{ data: Profile }>().data)).toBe(true);
  });

  it('ignores the e-mail, the account type and anything else that is not in the profile', async () => {
    const { client, registration, user } = await signedInClient(testApp.app);
    const before = await testApp.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirst();
    const response = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, {
        email: 'someone.else@example.com',
        account_type: 'company',
        id: 1,
        user_id: 1,
        password_hash: 'replaced',
        avatar: '/media/avatars/AAAAAAAAAAAAAAAAAAAAAA.webp',
        created_at: '2000-01-01T00:00:00Z',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Profile }>().data).toMatchObject({
      email: registration.email.toLowerCase(),
      account_type: 'individual',
      avatar: null,
    });
    const after = await testApp.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(after).toMatchObject({
      id: before?.id,
      email: before?.email,
      account_type: 'individual',
      password_hash: before?.password_hash,
      created_at: before?.created_at,
      avatar_key: null,
    });
  });

  it('keeps each neighborhood once, with its own name whatever name was sent', async () => {
    const { client } = await signedInClient(testApp.app);
    const [first, second] = dubai.neighborhoods;
    if (!first || !second) throw new Error('Dubai needs neighborhoods');
    const response = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, { neighborhoods: [{ id: first.id, name: 'Renamed' }, { id: first.id }, second] }),
    );
    expect(response.json<{ data: Profile }>().data.neighborhoods).toEqual([first, second].sort(byName));
  });

  it('replaces the neighborhoods when the city changes, and clears them', async () => {
    const { client } = await signedInClient(testApp.app);
    await client.put('/user/profile', validProfileUpdate(dubai, { neighborhoods: dubai.neighborhoods.slice(0, 3) }));
    const moved = await client.put(
      '/user/profile',
      validProfileUpdate(sharjah, { neighborhoods: sharjah.neighborhoods.slice(1, 2) }),
    );
    expect(moved.json<{ data: Profile }>().data).toMatchObject({
      neighborhoods: sharjah.neighborhoods.slice(1, 2),
      address: { city_id: sharjah.id, city: { name: 'Sharjah' } },
    });
    const cleared = await client.put('/user/profile', validProfileUpdate(sharjah, { neighborhoods: [] }));
    expect(cleared.json<{ data: Profile }>().data.neighborhoods).toEqual([]);
  });

  it('saves a company account its company name and website; an empty website is none', async () => {
    const { client } = await signedInClient(testApp.app, { account_type: 'company', company_name: 'Gulf Goods' });
    const renamed = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, { company: { name: ' Gulf Goods Trading ', web: 'https://gulfgoods.example' } }),
    );
    expect(renamed.json<{ data: Profile }>().data.company).toMatchObject({
      name: 'Gulf Goods Trading',
      web: 'https://gulfgoods.example',
    });
    const noWebsite = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, { company: { name: 'Gulf Goods Trading', web: '' } }),
    );
    expect(noWebsite.json<{ data: Profile }>().data.company).toMatchObject({ name: 'Gulf Goods Trading', web: null });
  });
});

describe('one save is one transaction', () => {
  it('changes nothing, and keeps no new avatar file, when the database fails half-way', async () => {
    const { client, user } = await signedInClient(testApp.app);
    const first = await client.put('/user/profile', validProfileUpdate(dubai, { image: dataUrl(await png()) }));
    expect(first.statusCode).toBe(200);
    const before = await readProfile(client);
    const avatarsDir = path.join(testApp.dataDir, 'media', 'avatars');
    const filesBefore = fs.readdirSync(avatarsDir).sort();

    const { db } = testApp.database;
    // Fails the last write of the save (its neighborhoods), after the user, address and avatar were written.
    await sql`create function fail_for_test() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`.execute(db);
    await sql`create trigger fail_for_test before insert on user_neighborhoods for each row
      when (new.user_id = ${sql.lit(user.id)}) execute function fail_for_test()`.execute(db);
    try {
      const response = await client.put(
        '/user/profile',
        validProfileUpdate(sharjah, {
          first_name: 'Changed',
          address: { area: 'Al Majaz' },
          neighborhoods: sharjah.neighborhoods.slice(0, 1),
          image: dataUrl(await png(32, 32, '#ff0000')),
        }),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Server Error' });
    } finally {
      await sql`drop trigger fail_for_test on user_neighborhoods`.execute(db);
      await sql`drop function fail_for_test()`.execute(db);
    }
    expect(await readProfile(client)).toEqual(before);
    expect(fs.readdirSync(avatarsDir).sort()).toEqual(filesBefore);
    expect((await client.get(before.avatar ?? '')).statusCode).toBe(200);
  });
});
