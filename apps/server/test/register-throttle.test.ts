import argon2 from 'argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserLikeClient, nextVisitorAddress, uniqueEmail, validRegistration } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The default (README): 10 sign-ups an hour per client address. */
const SIGN_UPS = { maxAttempts: 10, decaySeconds: 3600 };

/** A new visitor on the register page, from `address`. */
async function visitorFrom(address: string) {
  const client = new BrowserLikeClient(testApp.app, {}, address);
  await client.visit('/register');
  return client;
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

async function accountExists(email: string) {
  const row = await testApp.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

describe('sign-up throttle per client address', () => {
  it('refuses the 11th sign-up in an hour with 429 and Retry-After; other addresses sign up as before', async () => {
    const address = nextVisitorAddress();
    for (let signUp = 1; signUp <= SIGN_UPS.maxAttempts; signUp += 1) {
      const response = await (await visitorFrom(address)).post('/register', validRegistration());
      expect(response.statusCode, `sign-up ${signUp}`).toBe(201);
    }
    const email = uniqueEmail();
    const refused = await (await visitorFrom(address)).post('/register', validRegistration({ email }));
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_UPS.decaySeconds);
    // The seconds are a number formatted for the reader's language: 3,600 in English.
    const seconds = new Intl.NumberFormat('en-AE').format(retryAfter);
    const message = `Too many sign-ups from your address. Please try again in ${seconds} seconds.`;
    expect(refused.json()).toEqual({ message, errors: { email: [message] } });
    expect(await accountExists(email)).toBe(false);

    expect((await (await visitorFrom(nextVisitorAddress())).post('/register', validRegistration())).statusCode).toBe(
      201,
    );

    await testApp.database.db
      .updateTable('rate_limits')
      .set({ reset_at: sql<Date>`now() - interval '1 second'` })
      .where('key', 'like', `%${address}%`)
      .execute();
    expect((await (await visitorFrom(address)).post('/register', validRegistration({ email }))).statusCode).toBe(201);
  });

  it('counts simultaneous sign-ups before creating any: 15 at once give 10 accounts', async () => {
    const address = nextVisitorAddress();
    const visitors = await Promise.all(Array.from({ length: 15 }, () => visitorFrom(address)));
    const burst = await Promise.all(visitors.map((visitor) => visitor.post('/register', validRegistration())));
    expect(statuses(burst)).toEqual({ 201: SIGN_UPS.maxAttempts, 429: 15 - SIGN_UPS.maxAttempts });
  });

  it('counts "The email has already been taken." as an attempt', async () => {
    const address = nextVisitorAddress();
    const taken = uniqueEmail();
    expect((await (await visitorFrom(address)).post('/register', validRegistration({ email: taken }))).statusCode).toBe(
      201,
    );
    for (let probe = 2; probe <= SIGN_UPS.maxAttempts; probe += 1) {
      const response = await (await visitorFrom(address)).post('/register', validRegistration({ email: taken }));
      expect(response.statusCode, `probe ${probe}`).toBe(422);
      expect(response.json()).toMatchObject({ errors: { email: ['The email has already been taken.'] } });
    }
    const probe = await (await visitorFrom(address)).post('/register', validRegistration({ email: taken }));
    expect(probe.statusCode).toBe(429);
  });
});

describe('a taken address', () => {
  it('costs a password hash, as a new sign-up does, so its answer takes as long', async () => {
    const taken = uniqueEmail();
    const first = validRegistration({
      email: taken,
      password: 'first pass phrase',
      password_confirmation: 'first pass phrase',
    });
    expect((await (await visitorFrom(nextVisitorAddress())).post('/register', first)).statusCode).toBe(201);

    // Watched where every password is hashed: the argon2 module the app shares with this file.
    const hashes = vi.spyOn(argon2, 'hash');
    const again = validRegistration({
      email: taken.toUpperCase(),
      password: 'probe pass phrase',
      password_confirmation: 'probe pass phrase',
    });
    const response = await (await visitorFrom(nextVisitorAddress())).post('/register', again);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    });
    expect(hashes.mock.calls.map(([password]) => password)).toEqual(['probe pass phrase']);
    hashes.mockRestore();
  });
});
