import type { Profile } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/db/seed';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createProfileTestApp, readProfile } from './fixtures/profile';
import type { TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createProfileTestApp();
});
afterAll(() => testApp.close());

const emptyAddress: Profile['address'] = {
  flat_number: null,
  building_name: null,
  area: null,
  postal_code: null,
  phone: null,
  phone_prefix: '+971',
  city_id: null,
  region: null,
  street_address: null,
  city: null,
};

describe('GET /user/profile', () => {
  it('answers 401 Unauthenticated without a signed-in session', async () => {
    const client = new BrowserLikeClient(testApp.app);
    await client.visit('/');
    const response = await client.get('/user/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('gives a new individual account an empty profile in Dubai time with the UAE phone prefix', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const response = await client.get('/user/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        first_name: 'Amira',
        last_name: 'Saleh',
        birthday: null,
        email: registration.email.toLowerCase(),
        avatar: null,
        neighborhoods: [],
        gender: null,
        account_type: 'individual',
        phone: null,
        location_code: null,
        timezone: 'Asia/Dubai',
        company: null,
        address: emptyAddress,
      },
    });
  });

  it('shows a company account its company', async () => {
    const { client } = await signedInClient(testApp.app, { account_type: 'company', company_name: 'Gulf Goods' });
    const profile = await readProfile(client);
    expect(profile.account_type).toBe('company');
    expect(profile.company).toEqual({ id: expect.any(Number) as number, name: 'Gulf Goods', web: null });
  });

  it('never shows what the profile does not contain: no password hash, no ids, no avatar key', async () => {
    const { client } = await signedInClient(testApp.app);
    const body = (await client.get('/user/profile')).body;
    expect(body).not.toMatch(/password|argon2|avatar_key|"id":\s*\d+,\s*"first_name"/);
  });
});

describe('the demo accounts', () => {
  it('come with filled-in profiles in Dubai, the company with its website', async () => {
    await seedDemoAccounts(testApp.database.db);
    await seedDemoAccounts(testApp.database.db);
    const [individual, company] = DEMO_ACCOUNTS;
    const profiles: Profile[] = [];
    for (const account of [individual, company]) {
      const client = new BrowserLikeClient(testApp.app);
      await client.visit('/login');
      expect((await client.post('/login', { email: account.email, password: account.password })).statusCode).toBe(200);
      profiles.push(await readProfile(client));
    }
    const [layla, omar] = profiles;
    expect(layla).toMatchObject({
      first_name: 'Layla',
      birthday: '14/03/1992',
      gender: 'F',
      phone: '+971501234567',
      location_code: 'AE',
      timezone: 'Asia/Dubai',
      company: null,
      address: { area: 'Dubai Marina', phone_prefix: '+971', city: { name: 'Dubai' } },
    });
    expect(layla?.neighborhoods.map((neighborhood) => neighborhood.name)).toEqual([
      'Dubai Marina',
      'Jumeirah Beach Residence (JBR)',
      'Jumeirah Lake Towers (JLT)',
    ]);
    // The address's city comes whole, with every neighborhood, exactly as GET /cities lists it.
    const cities = (await new BrowserLikeClient(testApp.app).get('/cities')).json<{ data: unknown[] }>().data;
    expect(cities).toContainEqual(layla?.address.city);
    expect(layla?.address.city?.neighborhoods.length).toBeGreaterThanOrEqual(15);
    expect(omar).toMatchObject({
      account_type: 'company',
      company: { name: 'Palm Trading LLC', web: 'https://palmtrading.example' },
      address: { area: 'Business Bay', city: { name: 'Dubai' } },
    });
    const users = await testApp.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', [individual.email, company.email])
      .execute();
    expect(users).toHaveLength(2);
  });
});
