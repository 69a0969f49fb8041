import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ NEWSLETTER_SIGNUPS_PER_ADDRESS: '3', NEWSLETTER_SIGNUPS_PER_NETWORK: '6' });
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
let addresses = 0;
const uniqueAddress = () => `reader${++addresses}-${Date.now()}@example.com`;

/** A visitor who opened a page (their session and CSRF token), each from an address of their own. */
async function visitor() {
  const client = new BrowserLikeClient(testApp.app);
  await client.visit('/');
  return client;
}

const subscribe = (client: BrowserLikeClient, email: string, locale = 'en') =>
  client.post('/api/newsletter/subscriptions', { email, locale });

/** The newest e-mail queued to `email`: its kind, its link and its one-click unsubscribe. */
async function newestMailTo(email: string) {
  const row = await db()
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /[?&]token=([^&]+)/.exec(row.path ?? '')?.[1];
  const composed = await testApp.app.notifications.compose(row);
  return { row, token, composed, headers: composed.headers as Record<string, string> };
}

const onTheList = async (email: string) =>
  (await db()
    .selectFrom('newsletter_subscribers')
    .select('id')
    .where('email', '=', email)
    .where('status', '=', 'confirmed')
    .executeTakeFirst()) !== undefined;

const confirm = (token: string | undefined, accept = 'application/json') =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/newsletter/confirm?token=${encodeURIComponent(token ?? '')}`,
    headers: { accept },
  });

const answerOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.body });

describe('double opt-in', () => {
  it('queues a confirmation e-mail in the chosen language, and a pending address is not on the list', async () => {
    const email = uniqueAddress();
    const response = await subscribe(await visitor(), email.toUpperCase(), 'ar');
    expect(response.statusCode).toBe(202);
    const { row, token, composed, headers } = await newestMailTo(email);
    expect(row.template).toBe('newsletter.confirm');
    expect(row.locale).toBe('ar');
    expect(String(composed.subject)).toBe('أكّد اشتراكك في النشرة البريدية للسوق');
    expect(row.path).toMatch(/^\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}&lang=ar$/);
    expect(headers['List-Unsubscribe']).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The reader may have no account: the e-mail leads to the newsletter's page, not to settings.
    expect(composed.text as string).toContain('صفحة النشرة البريدية: http');
    expect(composed.text as string).not.toContain('/account/notifications');
    expect(token).toBeDefined();
    expect(await onTheList(email)).toBe(false);
  });

  it('the link opens a page with a button; following it puts the address on the list, once', async () => {
    const email = uniqueAddress();
    await subscribe(await visitor(), email, 'ar');
    const { token } = await newestMailTo(email);
    const page = await testApp.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${token}&lang=ar` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('نعم، اشترك');
    expect(await onTheList(email)).toBe(false);

    const confirmed = await confirm(token, 'text/html');
    expect(confirmed.statusCode).toBe(200);
    expect(await onTheList(email)).toBe(true);

    const reused = await confirm(token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json<{ message: string }>().message).toMatch(/link does not work/);
    const reusedPage = await testApp.app.inject({ method: 'GET', url: `/newsletter/confirm?token=${token}` });
    expect(reusedPage.statusCode).toBe(404);
  });

  it('a forged or expired link confirms nothing and says so, never a 500', async () => {
    const email = uniqueAddress();
    await subscribe(await visitor(), email);
    const { token = '' } = await newestMailTo(email);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [forged, '', 'x'.repeat(500), '../../etc', undefined]) {
      const response = await confirm(attempt);
      expect(response.statusCode).toBe(attempt && attempt.length > 200 ? 422 : 404);
    }
    await db()
      .updateTable('newsletter_subscribers')
      .set({ confirmation_expires_at: sql<Date>`now() - interval '1 second'` })
      .where('email', '=', email)
      .execute();
    const expired = await confirm(token, 'text/html');
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('expired');
    expect(await onTheList(email)).toBe(false);
  });
});

describe('no enumeration', () => {
  it('answers an unknown, a pending, a confirmed address and a user’s alike, and queues one e-mail for each', async () => {
    const { registration } = await signedInClient(testApp.app);
    const user = registration.email;
    const pending = uniqueAddress();
    const confirmed = uniqueAddress();
    await subscribe(await visitor(), pending);
    await subscribe(await visitor(), confirmed);
    await confirm((await newestMailTo(confirmed)).token);

    const answers = [];
    for (const email of [uniqueAddress(), pending, confirmed, user]) {
      const before = await db()
        .selectFrom('mail_outbox')
        .select(db().fn.countAll<string>().as('n'))
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      answers.push(answerOf(await subscribe(await visitor(), email)));
      const after = await db()
        .selectFrom('mail_outbox')
        .select(db().fn.countAll<string>().as('n'))
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      expect(Number(after.n) - Number(before.n)).toBe(1);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: '{"data":{"received":true}}' });
    // The confirmed address is told it is on the list already, with no new link; it stays on.
    const { row } = await newestMailTo(confirmed);
    expect(row.template).toBe('newsletter.already');
    expect(row.path).toBeNull();
    expect(await onTheList(confirmed)).toBe(true);
  });
});

describe('limits', () => {
  it('refuses a fourth sign-up for one address in the hour, whoever asks, with Retry-After', async () => {
    const email = uniqueAddress();
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await subscribe(await visitor(), email)).statusCode).toBe(202);
    const refused = await subscribe(await visitor(), email);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.email?.[0]).toMatch(
      /Too many sign-ups for this address/,
    );
  });

  it('refuses a seventh sign-up from one network in the hour, for any addresses', async () => {
    const client = await visitor();
    for (let attempt = 0; attempt < 6; attempt += 1)
      expect((await subscribe(client, uniqueAddress())).statusCode).toBe(202);
    const refused = await subscribe(client, uniqueAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/from your network/);
  });

  it('checks the form: an address, a language it speaks, and the CSRF token as every form', async () => {
    const client = await visitor();
    const invalid = await client.post('/api/newsletter/subscriptions', { email: 'not an address', locale: 'fr' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'email',
      'locale',
    ]);
    const noCsrf = await client.request(
      'POST',
      '/api/newsletter/subscriptions',
      { email: uniqueAddress(), locale: 'en' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(419);
  });
});

describe('unsubscribe', () => {
  it('one-click POST to the List-Unsubscribe address takes the address off the list, signed out', async () => {
    const email = uniqueAddress();
    await subscribe(await visitor(), email);
    await confirm((await newestMailTo(email)).token);
    await subscribe(await visitor(), email);
    const link = new URL((await newestMailTo(email)).headers['List-Unsubscribe']?.slice(1, -1) ?? '');
    const page = await testApp.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(await onTheList(email)).toBe(true);

    const oneClick = await testApp.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ data: { status: 'unsubscribed' } });
    expect(await onTheList(email)).toBe(false);
  });

  it('a forged unsubscribe link is a 404 with a message', async () => {
    const email = uniqueAddress();
    await subscribe(await visitor(), email);
    const token =
      new URL((await newestMailTo(email)).headers['List-Unsubscribe']?.slice(1, -1) ?? '').searchParams.get('token') ??
      '';
    const [id = ''] = token.split('.');
    for (const forged of [`${Number(id) + 1}.${token.split('.')[1]}`, `${id}.${'A'.repeat(43)}`, 'nonsense']) {
      const response = await testApp.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${forged}` });
      expect(response.statusCode).toBe(404);
      const page = await testApp.app.inject({ method: 'GET', url: `/newsletter/unsubscribe?token=${forged}` });
      expect(page.statusCode).toBe(404);
    }
  });
});

describe('the "News and offers" e-mail switch is the list', () => {
  const newsEmail = async (client: BrowserLikeClient) =>
    client
      .get('/api/notifications/settings')
      .then((response) => response.json<{ data: { category: string; email: boolean }[] }>().data)
      .then((settings) => settings.find((setting) => setting.category === 'news')?.email);
  const turn = (client: BrowserLikeClient, email: boolean) =>
    client.put('/api/notifications/settings', { settings: [{ category: 'news', email }] });

  it('turning it on puts a verified user on the list at once; off takes them off', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const email = registration.email;
    expect(await newsEmail(client)).toBe(false);
    expect((await turn(client, true)).statusCode).toBe(200);
    expect(await onTheList(email)).toBe(true);
    expect(await newsEmail(client)).toBe(true);
    expect((await turn(client, false)).statusCode).toBe(200);
    expect(await onTheList(email)).toBe(false);
    expect(await newsEmail(client)).toBe(false);
  });

  it('an unverified address cannot be put on the list by the switch', async () => {
    const { client, registration } = await signedInClient(testApp.app, {}, { verified: false });
    const refused = await turn(client, true);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toMatch(/Confirm your e-mail address first/);
    expect(await onTheList(registration.email)).toBe(false);
  });

  it('a user’s address confirmed by the form shows in their setting; the setting’s unsubscribe link leaves the list', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const email = registration.email;
    await subscribe(await visitor(), email);
    expect(await newsEmail(client)).toBe(false);
    await confirm((await newestMailTo(email)).token);
    expect(await newsEmail(client)).toBe(true);

    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const token = testApp.app.notifications.tokens.sign(user.id, 'news');
    const oneClick = await testApp.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}` });
    expect(oneClick.statusCode).toBe(200);
    expect(await onTheList(email)).toBe(false);
    expect(await newsEmail(client)).toBe(false);
  });
});
