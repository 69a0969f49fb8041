import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The defaults (README): 5 attempts a minute per e-mail and address, 20 an hour per e-mail. */
const PER_ADDRESS = { maxAttempts: 5, decaySeconds: 60 };
const PER_EMAIL = { maxAttempts: 20, decaySeconds: 3600 };

async function visitor() {
  const client = new BrowserLikeClient(testApp.app);
  await client.visit('/login');
  return client;
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

/** Moves the throttle windows of `email` `seconds` closer to their end, as if that time had passed. */
async function passTime(email: string, seconds: number) {
  await testApp.database.db
    .updateTable('rate_limits')
    .set({ reset_at: sql<Date>`reset_at - make_interval(secs => ${seconds})` })
    .where('key', 'like', `%${email}%`)
    .execute();
}

/** Ends every throttle window of `email` now. */
const endWindows = (email: string) => passTime(email, PER_EMAIL.decaySeconds);

describe('login throttle per e-mail and address', () => {
  it('throttles the 6th failed attempt with 429 and Retry-After, the right password included, until the window ends', async () => {
    const { registration } = await signedInClient(testApp.app);
    const client = await visitor();
    for (let attempt = 1; attempt <= PER_ADDRESS.maxAttempts; attempt += 1) {
      const response = await client.post('/login', { email: registration.email, password: `wrong ${attempt}` });
      expect(response.statusCode).toBe(422);
    }
    const sixth = await client.post('/login', { email: registration.email, password: 'wrong 6' });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PER_ADDRESS.decaySeconds);
    expect(sixth.json()).toEqual({
      message: `Too many login attempts. Please try again in ${retryAfter} seconds.`,
      errors: { email: [`Too many login attempts. Please try again in ${retryAfter} seconds.`] },
    });

    // Even the right password waits out the lock: the attacker learns nothing by trying it.
    const right = await client.post('/login', { email: registration.email, password: registration.password });
    expect(right.statusCode).toBe(429);

    // The lock is per e-mail: another account from the same address is unaffected.
    const other = await signedInClient(testApp.app);
    const otherLogin = await client.post('/login', {
      email: other.registration.email,
      password: other.registration.password,
    });
    expect(otherLogin.statusCode).toBe(200);

    await endWindows(registration.email);
    const later = await (
      await visitor()
    ).post('/login', { email: registration.email, password: registration.password });
    expect(later.statusCode).toBe(200);
  });

  it('counts 30 simultaneous guesses before checking any: 5 reach the password check, 25 get 429', async () => {
    const { registration } = await signedInClient(testApp.app);
    const client = await visitor();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        client.post('/login', { email: registration.email, password: `guess ${guess}` }),
      ),
    );
    expect(statuses(burst)).toEqual({ 422: PER_ADDRESS.maxAttempts, 429: 30 - PER_ADDRESS.maxAttempts });

    const right = await client.post('/login', { email: registration.email, password: registration.password });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(PER_ADDRESS.decaySeconds);

    await endWindows(registration.email);
    expect(
      (await client.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
  });
});

describe('login throttle per e-mail across addresses', () => {
  it('lets 20 guesses an hour through, however many addresses they come from and however fast', async () => {
    const { registration } = await signedInClient(testApp.app);
    const botnet = await Promise.all(Array.from({ length: 30 }, () => visitor()));
    const burst = await Promise.all(
      botnet.map((bot, guess) => bot.post('/login', { email: registration.email, password: `guess ${guess}` })),
    );
    expect(statuses(burst)).toEqual({ 422: PER_EMAIL.maxAttempts, 429: 30 - PER_EMAIL.maxAttempts });

    // The owner, from an address that never failed, waits too; the answer says for how long.
    const owner = await visitor();
    const refused = await owner.post('/login', { email: registration.email, password: registration.password });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(PER_ADDRESS.decaySeconds);
    expect(retryAfter).toBeLessThanOrEqual(PER_EMAIL.decaySeconds);
  });

  it('cannot be stretched: guesses during the lock do not move its end', async () => {
    const { registration } = await signedInClient(testApp.app);
    const botnet = await Promise.all(Array.from({ length: PER_EMAIL.maxAttempts }, () => visitor()));
    for (const bot of botnet) await bot.post('/login', { email: registration.email, password: 'guess' });
    await passTime(registration.email, PER_EMAIL.decaySeconds / 2);

    const more = await Promise.all(
      Array.from({ length: 10 }, async () =>
        (await visitor()).post('/login', { email: registration.email, password: 'guess' }),
      ),
    );
    expect(statuses(more)).toEqual({ 429: 10 });
    const owner = await visitor();
    const refused = await owner.post('/login', { email: registration.email, password: registration.password });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(PER_EMAIL.decaySeconds / 2);

    await passTime(registration.email, PER_EMAIL.decaySeconds / 2);
    expect(
      (await owner.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
  });

  it("does not count the owner's own successful logins", async () => {
    const { registration } = await signedInClient(testApp.app);
    const client = await visitor();
    for (let login = 1; login <= PER_EMAIL.maxAttempts + 5; login += 1) {
      const response = await client.post('/login', { email: registration.email, password: registration.password });
      expect(response.statusCode, `login ${login}`).toBe(200);
    }
  });
});
