import fs from 'node:fs';
import path from 'node:path';
import type { NotificationSetting } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

const PUBLIC_URL = 'https://market.example';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ PUBLIC_URL });
});
afterAll(() => testApp.close());

const emailSwitches = async (client: BrowserLikeClient) =>
  Object.fromEntries(
    (await client.get('/api/notifications/settings'))
      .json<{ data: NotificationSetting[] }>()
      .data.map((setting) => [setting.category, [setting.in_app, setting.email]]),
  );

/**
 * A user who got an e-mail of `category` (written to DATA_DIR/mail), and the path of its
 * List-Unsubscribe address, as a mail program would read it.
 */
async function mailed(category: 'orders' | 'saved' | 'account', locale?: 'ar') {
  const { client, user } = await signedInClient(testApp.app);
  if (locale) await client.put('/api/locale', { locale });
  const raised = await client.post('/api/test/notifications', { category });
  const outboxId = raised.json<{ data: { outbox_id: number } }>().data.outbox_id;
  await testApp.app.notifications.worker.runOnce();
  const eml = fs.readFileSync(path.join(testApp.dataDir, 'mail', `${String(outboxId).padStart(6, '0')}.eml`), 'utf8');
  // Unfolded: a long header continues on the next line after CRLF and white space.
  const header = /^List-Unsubscribe: <([^>]+)>/m.exec(eml.replace(/\r\n[ \t]+/g, ' '))?.[1];
  return { client, id: user.id, header, unsubscribePath: header?.replace(PUBLIC_URL, '') ?? '' };
}

/** A mail program's one-click POST (RFC 8058): no cookie, no CSRF token, the form field as its body. */
const oneClick = (url: string, contentType = 'application/x-www-form-urlencoded') =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType },
    payload:
      contentType === 'multipart/form-data; boundary=x'
        ? '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'
        : 'List-Unsubscribe=One-Click',
  });

describe('one-click unsubscribe', () => {
  it('turns off that category’s e-mails only, signed out, from the address in the e-mail', async () => {
    const { client, header, unsubscribePath } = await mailed('orders');
    expect(header?.startsWith(`${PUBLIC_URL}/api/notifications/unsubscribe?token=`)).toBe(true);
    const before = await emailSwitches(client);

    const response = await oneClick(unsubscribePath);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { category: 'orders', email: false } });
    expect(await emailSwitches(client)).toEqual({ ...before, orders: [true, false] });

    // Again: the same answer, nothing else changes.
    expect((await oneClick(unsubscribePath, 'multipart/form-data; boundary=x')).statusCode).toBe(200);
    expect(await emailSwitches(client)).toEqual({ ...before, orders: [true, false] });
  });

  it('stops the next e-mail of that category, and no other', async () => {
    const { client, id, unsubscribePath } = await mailed('saved');
    await oneClick(unsubscribePath);
    await client.post('/api/test/notifications', { category: 'saved' });
    await client.post('/api/test/notifications', { category: 'orders' });
    const queued = await testApp.database.db
      .selectFrom('mail_outbox')
      .select('category')
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(queued.map((row) => row.category)).toEqual(['saved', 'orders']);
  });

  it('refuses a forged or altered token with a 404, and changes nothing', async () => {
    const victim = await mailed('orders');
    const attacker = await mailed('orders');
    const token = new URL(victim.header ?? '').searchParams.get('token') ?? '';
    const [, , signature = ''] = token.split('.');
    const attackerToken = new URL(attacker.header ?? '').searchParams.get('token') ?? '';
    const forgeries = [
      `${victim.id}.news.${signature}`,
      `${attacker.id}.orders.${signature}`,
      `${victim.id}.orders.${attackerToken.split('.')[2] ?? ''}`,
      `${victim.id}.orders.${'A'.repeat(43)}`,
      `${victim.id}.orders`,
      'nonsense',
      '',
    ];
    const before = await emailSwitches(victim.client);
    for (const forged of forgeries) {
      const response = await oneClick(`/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'This unsubscribe link is not valid. Change what reaches you in your notification settings.',
      });
    }
    expect((await oneClick('/api/notifications/unsubscribe')).statusCode).toBe(404);
    expect(await emailSwitches(victim.client)).toEqual(before);
  });

  it('gives account e-mails no link, and takes no account token', async () => {
    const { header, id, client } = await mailed('account');
    expect(header).toBeUndefined();
    // Even one signed with the app's own key (none ever is) turns nothing off.
    const token = testApp.app.notifications.tokens.sign(id, 'account');
    expect((await oneClick(`/api/notifications/unsubscribe?token=${token}`)).statusCode).toBe(404);
    expect((await emailSwitches(client)).account).toEqual([true, true]);
  });

  it('shows a person who opens the link a page in the e-mail’s language that asks first, and changes nothing until they confirm', async () => {
    const { client, unsubscribePath } = await mailed('orders', 'ar');
    expect(unsubscribePath).toContain('&lang=ar');
    const visitor = new BrowserLikeClient(testApp.app);
    const page = await visitor.request('GET', unsubscribePath, undefined, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('هل تريد إيقاف رسائل «الطلبات»؟');
    expect(page.body).toContain('<form method="post">');
    expect((await emailSwitches(client)).orders).toEqual([true, true]);

    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: unsubscribePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('تم: لن نرسل بعد الآن رسائل عن «الطلبات».');
    expect((await emailSwitches(client)).orders).toEqual([true, false]);

    const invalid = await visitor.request('GET', '/api/notifications/unsubscribe?token=x&lang=en', undefined, {
      headers: { accept: 'text/html' },
    });
    expect(invalid.statusCode).toBe(404);
    expect(invalid.body).toContain('This unsubscribe link is not valid.');
  });
});
