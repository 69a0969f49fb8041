import type { Notification, NotificationPage, NotificationSetting } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A signed-in user and a way to raise their notifications through the test hook. */
async function person(headers: Record<string, string> = {}) {
  const { client, user } = await signedInClient(testApp.app);
  Object.assign(client.headers, headers);
  const raise = async (body: Record<string, unknown> = {}) => {
    const response = await client.post('/api/test/notifications', body);
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { notification_id: number | null; outbox_id: number | null } }>().data;
  };
  return { client, id: user.id, raise };
}

const page = async (client: BrowserLikeClient, query = '') => {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationPage>();
};
const settingsOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/notifications/settings')).json<{ data: NotificationSetting[] }>().data;

describe('notification settings', () => {
  it('start with every category on in both channels, except news, which waits for the user', async () => {
    const { client } = await person();
    expect(await settingsOf(client)).toEqual([
      { category: 'messages', in_app: true, email: true, email_locked: false },
      { category: 'orders', in_app: true, email: true, email_locked: false },
      { category: 'saved', in_app: true, email: true, email_locked: false },
      { category: 'listings', in_app: true, email: true, email_locked: false },
      { category: 'account', in_app: true, email: true, email_locked: true },
      { category: 'news', in_app: false, email: false, email_locked: false },
    ]);
  });

  it('change only the switches named, and are each user’s own', async () => {
    const { client } = await person();
    const other = await person();
    const response = await client.put('/api/notifications/settings', {
      settings: [
        { category: 'news', in_app: true, email: true },
        { category: 'orders', email: false },
        { category: 'account', in_app: false },
      ],
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<{ data: NotificationSetting[] }>().data;
    expect(after.find((setting) => setting.category === 'news')).toMatchObject({ in_app: true, email: true });
    expect(after.find((setting) => setting.category === 'orders')).toMatchObject({ in_app: true, email: false });
    expect(after.find((setting) => setting.category === 'account')).toMatchObject({ in_app: false, email: true });
    expect(await settingsOf(client)).toEqual(after);
    expect((await settingsOf(other.client)).find((setting) => setting.category === 'orders')?.email).toBe(true);
  });

  it('refuse turning off account e-mails with a 422 that says why, in the reader’s language, and change nothing', async () => {
    const { client } = await person();
    const response = await client.put('/api/notifications/settings', {
      settings: [
        { category: 'news', email: true },
        { category: 'account', email: false },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { 'settings.1.email': ['Account e-mails (password and security) cannot be turned off.'] },
    });
    expect((await settingsOf(client)).find((setting) => setting.category === 'news')?.email).toBe(false);
    const arabic = await client.request(
      'PUT',
      '/api/notifications/settings',
      { settings: [{ category: 'account', email: false }] },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(arabic.json<{ errors: Record<string, string[]> }>().errors['settings.0.email']).toEqual([
      'لا يمكن إيقاف رسائل البريد الخاصة بالحساب (كلمة المرور والأمان).',
    ]);
  });

  it('refuse what is not a setting with a 422', async () => {
    const { client } = await person();
    for (const body of [
      {},
      { settings: [] },
      { settings: [{ category: 'spam', email: false }] },
      { settings: 'all' },
    ]) {
      expect((await client.put('/api/notifications/settings', body)).statusCode).toBe(422);
    }
  });

  it('need a session and the CSRF token', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    expect((await visitor.get('/api/notifications/settings')).statusCode).toBe(401);
    expect((await visitor.put('/api/notifications/settings', { settings: [] })).statusCode).toBe(401);
    const { client } = await person();
    const withoutToken = await client.request(
      'PUT',
      '/api/notifications/settings',
      { settings: [{ category: 'news', email: true }] },
      { csrf: false },
    );
    expect(withoutToken.statusCode).toBe(419);
  });
});

describe('the notifications list', () => {
  it('shows the user’s own, newest first, worded in their language, with the unread count', async () => {
    const { client, raise } = await person();
    const first = await raise({ category: 'orders', path: '/orders/1' });
    const second = await raise({ category: 'listings' });
    const { data, unread_count, next_cursor } = await page(client);
    expect(unread_count).toBe(2);
    expect(next_cursor).toBeNull();
    expect(data.map((notification) => notification.id)).toEqual([second.notification_id, first.notification_id]);
    expect(data[1]).toMatchObject({
      category: 'orders',
      type: 'test',
      title: 'Test notification: Orders',
      path: '/orders/1',
      read_at: null,
    } satisfies Partial<Notification>);
    client.headers['accept-language'] = 'ar';
    expect((await page(client)).data[1]?.title).toBe('إشعار تجريبي: الطلبات');
  });

  it('pages with a cursor and filters the unread', async () => {
    const { client, raise } = await person();
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await raise()).notification_id as number);
    const firstPage = await page(client, '?limit=2');
    expect(firstPage.data.map((notification) => notification.id)).toEqual([ids[4], ids[3]]);
    const secondPage = await page(client, `?limit=2&cursor=${firstPage.next_cursor}`);
    expect(secondPage.data.map((notification) => notification.id)).toEqual([ids[2], ids[1]]);
    const lastPage = await page(client, `?limit=2&cursor=${secondPage.next_cursor}`);
    expect(lastPage.data.map((notification) => notification.id)).toEqual([ids[0]]);
    expect(lastPage.next_cursor).toBeNull();

    expect((await client.post(`/api/notifications/${ids[3]}/read`)).statusCode).toBe(200);
    const unread = await page(client, '?unread=1');
    expect(unread.data.map((notification) => notification.id)).toEqual([ids[4], ids[2], ids[1], ids[0]]);
    expect(unread.unread_count).toBe(4);
    expect((await client.get('/api/notifications?limit=0')).statusCode).toBe(422);
    expect((await client.get('/api/notifications?cursor=abc')).statusCode).toBe(422);
  });

  it('marks one read, then all, and counts what is left', async () => {
    const { client, raise } = await person();
    const { notification_id: id } = await raise();
    await raise();
    const read = await client.post(`/api/notifications/${id}/read`);
    const readAt = read.json<{ data: Notification }>().data.read_at;
    expect(read.json<{ data: Notification }>().data.id).toBe(id);
    expect(readAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Reading it again keeps the first time.
    expect((await client.post(`/api/notifications/${id}/read`)).json<{ data: Notification }>().data.read_at).toBe(
      readAt,
    );
    expect((await client.get('/api/notifications/unread-count')).json()).toEqual({ data: { unread_count: 1 } });
    expect((await client.post('/api/notifications/read-all')).json()).toEqual({ data: { unread_count: 0 } });
    expect((await page(client, '?unread=1')).data).toEqual([]);
  });

  it('badge only what came since the user last looked: seen ones stay unread until opened', async () => {
    const { client, raise } = await person();
    const stranger = await person();
    const first = await raise();
    const second = await raise();
    const badge = async () =>
      (await client.get('/api/notifications/unread-count')).json<{ data: { unread_count: number } }>().data
        .unread_count;
    expect(await badge()).toBe(2);

    // The list showed the newest: both are seen, the badge is empty, and both are still unread.
    const seen = await client.post('/api/notifications/seen', { up_to: second.notification_id });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ data: { unread_count: 0 } });
    expect((await page(client, '?unread=1')).data.map((notification) => notification.id)).toEqual([
      second.notification_id,
      first.notification_id,
    ]);
    expect((await page(client)).unread_count).toBe(0);

    // A newer one raises it again; an older mark afterwards does not move the mark back.
    const third = await raise();
    expect(await badge()).toBe(1);
    expect((await client.post('/api/notifications/seen', { up_to: first.notification_id })).json()).toEqual({
      data: { unread_count: 1 },
    });
    // A mark past the user's newest (another user's, or one from the future) stops at their newest.
    const theirs = await stranger.raise();
    await client.post('/api/notifications/seen', { up_to: Number.MAX_SAFE_INTEGER });
    expect(await badge()).toBe(0);
    const fourth = await raise();
    expect(await badge()).toBe(1);
    expect(fourth.notification_id).toBeGreaterThan(theirs.notification_id as number);
    // Reading one that was not seen yet takes it off the badge too; the stranger's badge is their own.
    await client.post(`/api/notifications/${fourth.notification_id}/read`);
    expect(await badge()).toBe(0);
    expect(
      (await stranger.client.get('/api/notifications/unread-count')).json<{ data: { unread_count: number } }>().data
        .unread_count,
    ).toBe(1);
    expect(third.notification_id).toBeLessThan(fourth.notification_id as number);
  });

  it('refuses a seen mark that is not an id with a 422, and asks for a session', async () => {
    const { client } = await person();
    // A user with no notifications yet looks at an empty list: nothing to mark, nothing fails.
    expect((await client.post('/api/notifications/seen', { up_to: 1 })).json()).toEqual({ data: { unread_count: 0 } });
    for (const body of [{}, { up_to: 0 }, { up_to: -1 }, { up_to: 1.5 }, { up_to: '1' }, { up_to: 2 ** 53 }, null]) {
      expect((await client.post('/api/notifications/seen', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await client.post('/api/notifications/seen', { up_to: 1, more: 1 })).statusCode).toBe(422);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    expect((await visitor.post('/api/notifications/seen', { up_to: 1 })).statusCode).toBe(401);
  });

  it('answers 404 for another user’s notification or an id that is none, and 401 signed out', async () => {
    const owner = await person();
    const stranger = await person();
    const { notification_id: id } = await owner.raise();
    expect((await stranger.client.post(`/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await stranger.client.post('/api/notifications/abc/read')).statusCode).toBe(404);
    expect((await stranger.client.post('/api/notifications/99999999999999999999/read')).statusCode).toBe(404);
    expect((await page(stranger.client)).data).toEqual([]);
    expect((await page(owner.client)).data[0]?.read_at).toBeNull();
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    expect((await visitor.get('/api/notifications')).statusCode).toBe(401);
    expect((await visitor.get('/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await visitor.post(`/api/notifications/${id}/read`)).statusCode).toBe(401);
  });

  it('stores nothing in the app for a category whose in-app switch is off, and still queues its e-mail', async () => {
    const { client, raise, id } = await person();
    await client.put('/api/notifications/settings', { settings: [{ category: 'saved', in_app: false }] });
    const raised = await raise({ category: 'saved' });
    expect(raised.notification_id).toBeNull();
    expect(raised.outbox_id).toEqual(expect.any(Number));
    expect((await page(client)).data).toEqual([]);
    // News is off in both channels until the user turns it on.
    expect(await raise({ category: 'news' })).toEqual({ notification_id: null, outbox_id: null });
    const queued = await testApp.database.db
      .selectFrom('mail_outbox')
      .select(['category', 'unsubscribe_category', 'status'])
      .where('user_id', '=', id)
      .execute();
    expect(queued).toEqual([{ category: 'saved', unsubscribe_category: 'saved', status: 'pending' }]);
  });
});

describe('the test hook', () => {
  it('exists outside production only', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { client } = await signedInClient(production.app);
      expect((await client.post('/api/test/notifications', {})).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
