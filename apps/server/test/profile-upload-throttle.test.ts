import type { City } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_UPLOADS } from '../src/modules/profile/routes';
import { signedInClient } from './browser-like-client';
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

describe('picture uploads', () => {
  it(`are limited to ${AVATAR_UPLOADS.maxAttempts} per user per window, with Retry-After; other saves go on`, async () => {
    const { client } = await signedInClient(testApp.app);
    const other = await signedInClient(testApp.app);
    const picture = dataUrl(await png(32, 32));
    for (let upload = 1; upload <= AVATAR_UPLOADS.maxAttempts; upload += 1) {
      const response = await client.put('/user/profile', validProfileUpdate(dubai, { image: picture }));
      expect(response.statusCode, `upload ${upload}`).toBe(200);
    }
    const avatarBefore = (await readProfile(client)).avatar;

    const refused = await client.put(
      '/user/profile',
      validProfileUpdate(dubai, { image: picture, first_name: 'Changed' }),
    );
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AVATAR_UPLOADS.decaySeconds);
    expect(refused.json()).toMatchObject({
      errors: { image: [expect.stringContaining('Too many pictures uploaded')] },
    });
    const unchanged = await readProfile(client);
    expect(unchanged.first_name).toBe('Amira');
    expect(unchanged.avatar).toBe(avatarBefore);

    // A save without a new picture is not an upload; another user has their own allowance.
    expect((await client.put('/user/profile', validProfileUpdate(dubai, { first_name: 'Changed' }))).statusCode).toBe(
      200,
    );
    expect((await other.client.put('/user/profile', validProfileUpdate(dubai, { image: picture }))).statusCode).toBe(
      200,
    );

    // Once the window has passed, uploads are welcome again.
    await testApp.database.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await client.put('/user/profile', validProfileUpdate(dubai, { image: picture }))).statusCode).toBe(200);
  });
});
