import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A member who was sent an e-mail about `category`; its outbox id. */
async function mailedMember(category: 'orders' | 'messages' = 'orders', locale?: 'ar') {
  const { client, registration } = await signedInClient(testApp.app, { first_name: 'Layla' });
  if (locale) await client.put('/api/locale', { locale });
  const raised = await client.post('/api/test/notifications', { category });
  return {
    client,
    email: registration.email,
    outboxId: raised.json<{ data: { outbox_id: number } }>().data.outbox_id,
  };
}

describe('the development mailbox', () => {
  it('lists the e-mails written to the signed-in user, newest first, and shows each as it is sent', async () => {
    const { client, email, outboxId } = await mailedMember('orders');
    await client.post('/api/test/notifications', { category: 'messages' });
    await testApp.app.notifications.worker.runOnce();

    const list = await client.get('/dev/mail');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('E-mails the app wrote to you');
    const subjects = [...list.body.matchAll(/<a href="\/dev\/mail\/(\d+)">([^<]*)<\/a>/g)].map((match) => [
      Number(match[1]),
      match[2],
    ]);
    expect(subjects).toEqual([
      [outboxId + 1, 'Test notification: Messages'],
      [outboxId, 'Test notification: Orders'],
    ]);

    const one = await client.get(`/dev/mail/${outboxId}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`<dd style="margin:0 0 8px">${email}</dd>`);
    // The plain-text part, as the recipient's mail program would show it.
    expect(one.body).toContain('Hello \u2068Layla\u2069');
    expect(one.body).toContain('/account/notifications');
    const html = await client.get(`/dev/mail/${outboxId}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain(
      '<h1 style="margin:0 0 12px;font-size:20px;line-height:1.4">Test notification: Orders</h1>',
    );
  });

  it('in the reader’s language, right to left in Arabic', async () => {
    const { client, outboxId } = await mailedMember('messages', 'ar');
    const list = await client.get('/dev/mail');
    expect(list.body).toContain('<html lang="ar" dir="rtl">');
    expect(list.body).toContain('الرسائل التي كتبها التطبيق إليك');
    expect(list.body).toContain('بانتظار الإرسال');
    expect((await client.get(`/dev/mail/${outboxId}`)).body).toContain('إشعار تجريبي: الرسائل');
  });

  it('shows nobody another user’s e-mails, nor any e-mail signed out', async () => {
    const { outboxId } = await mailedMember();
    const { client: other } = await signedInClient(testApp.app);
    expect((await other.get(`/dev/mail/${outboxId}`)).statusCode).toBe(404);
    expect((await other.get(`/dev/mail/${outboxId}`)).body).not.toContain('Test notification');
    expect((await other.get(`/dev/mail/${outboxId}/html`)).statusCode).toBe(302);
    expect((await other.get('/dev/mail')).body).toContain('No e-mails yet.');

    const visitor = new BrowserLikeClient(testApp.app);
    const signedOut = await visitor.get('/dev/mail');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('href="/login"');
    expect((await visitor.get(`/dev/mail/${outboxId}`)).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '99999999999', '1e3']) {
      expect((await other.get(`/dev/mail/${id}`)).statusCode).toBe(404);
    }
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { client } = await signedInClient(production.app);
      const response = await client.get('/dev/mail');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('E-mails the app wrote to you');
    } finally {
      await production.close();
    }
  });
});
