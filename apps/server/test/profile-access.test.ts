import type { City, Profile } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { dataUrl, png } from './fixtures/images';
import { cityNamed, createProfileTestApp, fetchCities, readProfile, validProfileUpdate } from './fixtures/profile';
import type { TestApp } from './test-app';

let testApp: TestApp;
let dubai: City;
beforeAll(async () => {
  testApp = await createProfileTestApp();
  dubai = cityNamed(await fetchCities((await signedInClient(testApp.app)).client), 'Dubai');
});
afterAll(() => testApp.close());

describe('who may call the profile', () => {
  it('answers 401 to a visitor who is not signed in, for reading and for saving', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    for (const response of [
      await visitor.get('/user/profile'),
      await visitor.put('/user/profile', validProfileUpdate(dubai)),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 419 to a save without the CSRF token, or with another session’s, and saves nothing', async () => {
    const { client } = await signedInClient(testApp.app);
    const other = await signedInClient(testApp.app);
    const before = await readProfile(client);
    for (const token of [undefined, 'forged', other.client.csrfToken]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/user/profile',
        headers: { cookie: `${SESSION_COOKIE}=${client.sessionCookie ?? ''}`, ...(token && { 'x-csrf-token': token }) },
        payload: validProfileUpdate(dubai, { first_name: 'Forged' }),
      });
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
    }
    expect(await readProfile(client)).toEqual(before);
  });

  it('stops answering once the user has logged out', async () => {
    const { client } = await signedInClient(testApp.app);
    await client.post('/logout');
    expect((await client.get('/user/profile')).statusCode).toBe(401);
  });
});

describe('a second user', () => {
  let alice: BrowserLikeClient;
  let alicesProfile: Profile;
  beforeAll(async () => {
    alice = (await signedInClient(testApp.app, { first_name: 'Alice' })).client;
    const saved = await alice.put(
      '/user/profile',
      validProfileUpdate(dubai, {
        first_name: 'Alice',
        neighborhoods: dubai.neighborhoods.slice(0, 3),
        image: dataUrl(await png(80, 80, '#aa3355')),
      }),
    );
    alicesProfile = saved.json<{ data: Profile }>().data;
    expect(alicesProfile.avatar).not.toBeNull();
  });

  it('reads only their own profile, whatever the query string says', async () => {
    const { client: bob, registration } = await signedInClient(testApp.app, { first_name: 'Bob' });
    for (const url of ['/user/profile', '/user/profile?user_id=1', '/user/profile?id=1&email=alice']) {
      const response = await bob.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: Profile }>().data).toMatchObject({
        first_name: 'Bob',
        email: registration.email.toLowerCase(),
        avatar: null,
        neighborhoods: [],
      });
    }
  });

  it('changes only their own profile, even choosing the same neighborhoods', async () => {
    const { client: bob } = await signedInClient(testApp.app, { first_name: 'Bob' });
    const same = await bob.put(
      '/user/profile',
      validProfileUpdate(dubai, { first_name: 'Bob', neighborhoods: alicesProfile.neighborhoods }),
    );
    expect(same.json<{ data: Profile }>().data.neighborhoods).toEqual(alicesProfile.neighborhoods);
    const cleared = await bob.put('/user/profile', validProfileUpdate(dubai, { first_name: 'Bob', neighborhoods: [] }));
    expect(cleared.statusCode).toBe(200);
    expect(await readProfile(alice)).toEqual(alicesProfile);
  });

  it("cannot make the first user's avatar theirs, nor delete it by replacing their own", async () => {
    const { client: bob } = await signedInClient(testApp.app, { first_name: 'Bob' });
    const claimed = await bob.put('/user/profile', validProfileUpdate(dubai, { avatar: alicesProfile.avatar }));
    expect(claimed.json<{ data: Profile }>().data.avatar).toBeNull();

    const asImage = await bob.put('/user/profile', validProfileUpdate(dubai, { image: alicesProfile.avatar }));
    expect(asImage.statusCode).toBe(422);
    expect(asImage.json()).toMatchObject({ errors: { image: ['Image is not valid.'] } });

    for (const color of ['#111111', '#222222']) {
      const own = await bob.put(
        '/user/profile',
        validProfileUpdate(dubai, { image: dataUrl(await png(80, 80, color)) }),
      );
      expect(own.json<{ data: Profile }>().data.avatar).not.toBe(alicesProfile.avatar);
    }
    expect(await readProfile(alice)).toEqual(alicesProfile);
    const alicesFile = await testApp.app.inject({ method: 'GET', url: alicesProfile.avatar ?? '' });
    expect(alicesFile.statusCode).toBe(200);
  });
});
