import { SAVED_SEARCHES_API, TEST_SIGN_IN_API, type Notification, type User } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, uniqueEmail } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
});
afterAll(() => testApp.close());

async function visitor(app = testApp): Promise<BrowserLikeClient> {
  const client = new BrowserLikeClient(app.app);
  await client.visit('/login');
  return client;
}

const userOf = async (client: BrowserLikeClient) => (await client.get('/user')).json<{ data: User }>().data;

describe('POST /api/test/sign-in (browser test runs only)', () => {
  it('makes a verified account on first use and signs the caller in; later calls sign in as it, unchanged', async () => {
    const email = uniqueEmail('hook');
    const first = await visitor();
    const made = await first.post(TEST_SIGN_IN_API, { email, first_name: 'Huda', account_type: 'individual' });
    expect(made.statusCode).toBe(200);
    expect(await userOf(first)).toMatchObject({ email, first_name: 'Huda', last_name: 'Khalil', email_verified: true });

    const second = await visitor();
    await second.post(TEST_SIGN_IN_API, { email, first_name: 'Someone else' });
    expect(await userOf(second)).toMatchObject({ email, first_name: 'Huda' });
  });

  it('makes an unverified account when asked, whose password works on the login form', async () => {
    const email = uniqueEmail('hook');
    const client = await visitor();
    await client.post(TEST_SIGN_IN_API, { email, password: 'another long phrase', verified: false });
    expect((await userOf(client)).email_verified).toBe(false);
    const login = await (await visitor()).post('/login', { email, password: 'another long phrase' });
    expect(login.statusCode).toBe(200);
  });

  it('is refused without the page’s CSRF token, like every other change', async () => {
    const client = await visitor();
    client.csrfToken = 'forged';
    expect((await client.post(TEST_SIGN_IN_API, { email: uniqueEmail('hook') })).statusCode).toBe(419);
  });

  it.each(['development', 'production'])('does not exist with NODE_ENV=%s', async (env) => {
    const other = await createTestApp({ NODE_ENV: env });
    try {
      const response = await (await visitor(other)).post(TEST_SIGN_IN_API, { email: uniqueEmail('hook') });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/test/saved-searches/alerts (development and tests)', () => {
  let shop: Seller;
  beforeAll(async () => {
    shop = await seller(testApp);
  });

  const savedAlerts = async (client: BrowserLikeClient) =>
    (await client.get('/api/notifications'))
      .json<{ data: Notification[] }>()
      .data.filter((n) => n.category === 'saved');

  it("runs the minute's alert job now for the caller's searches, and nobody else's", async () => {
    const [me, someoneElse] = [await seller(testApp), await seller(testApp)];
    for (const user of [me, someoneElse]) {
      const saved = await user.client.post(SAVED_SEARCHES_API.list, {
        name: 'Phones',
        query: 'category=mobile-phones',
        alerts: 'instant',
      });
      expect(saved.statusCode).toBe(201);
    }
    await liveListing(shop);

    const run = await me.client.post(SAVED_SEARCHES_API.testAlerts);
    expect(run.json()).toEqual({ data: { alerts: 1 } });
    expect(await savedAlerts(me.client)).toHaveLength(1);
    expect(await savedAlerts(someoneElse.client)).toHaveLength(0);
  });

  it('does not exist in production', async () => {
    const other = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await (await visitor(other)).post(SAVED_SEARCHES_API.testAlerts)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
