import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { staffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
const stateChangingRoutes: { method: string; url: string }[] = [];
/** Routes that authenticate by other means (`config: { csrf: false }`), each on purpose. */
const exemptRoutes: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({}, (app) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (['GET', 'HEAD', 'OPTIONS'].includes(method)) continue;
        if ((route.config as { csrf?: boolean } | undefined)?.csrf === false)
          exemptRoutes.push(`${method} ${route.url}`);
        else stateChangingRoutes.push({ method, url: route.url });
      }
    });
  });
});
afterAll(() => testApp.close());

describe('sessions', () => {
  it('gives every page a CSRF token in <meta> bound to a new HttpOnly, SameSite=Lax session', async () => {
    const client = new BrowserLikeClient(testApp.app);
    const page = await client.visit('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(client.csrfToken).toMatch(/^[\w-]{43}$/);
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('marks the cookie Secure when served over https behind a trusted proxy', async () => {
    const secure = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const page = await secure.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(String(page.headers['set-cookie'])).toContain('Secure');
      expect(page.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });

  it('stores only a hash of the session token', async () => {
    const client = new BrowserLikeClient(testApp.app);
    await client.visit('/');
    const rows = await testApp.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.map((row) => row.id)).not.toContain(client.sessionCookie);
  });

  it('issues a new session id at login, and the guest cookie does not sign anyone in', async () => {
    const { registration } = await signedInClient(testApp.app);
    const client = new BrowserLikeClient(testApp.app);
    await client.visit('/login');
    const guestCookie = client.sessionCookie;
    const guestToken = client.csrfToken;
    const login = await client.post('/login', { email: registration.email, password: registration.password });
    expect(login.statusCode).toBe(200);
    expect(client.sessionCookie).toBeDefined();
    expect(client.sessionCookie).not.toBe(guestCookie);
    expect(client.csrfToken).not.toBe(guestToken);

    const fixated = new BrowserLikeClient(testApp.app);
    fixated.cookies.set(SESSION_COOKIE, guestCookie ?? '');
    expect((await fixated.get('/user')).statusCode).toBe(401);
  });

  it('issues a new session id at registration', async () => {
    const client = new BrowserLikeClient(testApp.app);
    await client.visit('/register');
    const guestCookie = client.sessionCookie;
    const { registration } = await signedInClient(testApp.app);
    expect(registration).toBeDefined();
    await client.post('/register', { ...registration, email: `second.${registration.email}` });
    expect(client.sessionCookie).not.toBe(guestCookie);
  });

  it('kills the old cookie at logout: replaying it is signed out', async () => {
    const { client } = await signedInClient(testApp.app);
    const signedInCookie = client.sessionCookie ?? '';
    expect((await client.post('/logout')).statusCode).toBe(204);
    expect(client.sessionCookie).not.toBe(signedInCookie);

    const replay = new BrowserLikeClient(testApp.app);
    replay.cookies.set(SESSION_COOKIE, signedInCookie);
    expect((await replay.get('/user')).statusCode).toBe(401);
  });

  it('ends a session that has been idle longer than the idle lifetime', async () => {
    const { client } = await signedInClient(testApp.app);
    await testApp.database.db
      .updateTable('sessions')
      .set({ last_activity_at: new Date(Date.now() - 121 * 60 * 1000) })
      .execute();
    expect((await client.get('/user')).statusCode).toBe(401);
  });

  it('ends a session older than the absolute lifetime, however active', async () => {
    const { client } = await signedInClient(testApp.app);
    await testApp.database.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 8 * 24 * 3600 * 1000) } as never)
      .execute();
    expect((await client.get('/user')).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('knows the state-changing routes it protects', () => {
    expect(stateChangingRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /register', 'POST /login', 'POST /logout']),
    );
    // One-click unsubscribe: mail programs post with no session; the signed token is the authority (decision 019).
    // The newsletter's confirmation and unsubscribe links are the same: their secret token is the
    // authority, which a forged cross-site request cannot know (decision 037).
    expect(exemptRoutes.toSorted()).toEqual(
      [
        'POST /api/notifications/unsubscribe',
        'POST /api/newsletter/confirm',
        'POST /api/newsletter/unsubscribe',
      ].toSorted(),
    );
  });

  it("answers 419 on every state-changing route without the token, with a wrong one, or another session's", async () => {
    // An admin past the second factor: the back-office's routes exist for them (for anyone else they are
    // an unknown address, 404, before the token is looked at), and every other route is theirs as a user's.
    const { client } = await staffClient(testApp.app, 'admin');
    const other = await signedInClient(testApp.app);
    expect(stateChangingRoutes.length).toBeGreaterThan(0);
    for (const route of stateChangingRoutes) {
      const url = route.url.replaceAll(/:(\w+)/g, '1');
      for (const token of [undefined, 'wrong-token', other.client.csrfToken]) {
        const response = await testApp.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            cookie: `${SESSION_COOKIE}=${client.sessionCookie ?? ''}`,
            'content-type': 'application/json',
            ...(token && { 'x-csrf-token': token }),
          },
          payload: '{}',
        });
        expect(response.statusCode, `${route.method} ${url} with token ${String(token)}`).toBe(419);
        expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
      }
    }
    // None of those requests changed anything: the user is still signed in.
    expect((await client.get('/user')).statusCode).toBe(200);
  });

  it('tells a caller whose session has ended to log in again (401) on signed-in-only routes', async () => {
    const { client } = await signedInClient(testApp.app);
    const ended = await testApp.app.inject({
      method: 'PUT',
      url: '/user/profile',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken ?? '' },
      payload: '{}',
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: 'Unauthenticated.' });
    // Signed in but without the token is still a forgery.
    const forged = await testApp.app.inject({
      method: 'PUT',
      url: '/user/profile',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${client.sessionCookie ?? ''}` },
      payload: '{}',
    });
    expect(forged.statusCode).toBe(419);
  });

  it("answers a stale token with 419 and the session's current one, which then works", async () => {
    const { client } = await signedInClient(testApp.app);
    const current = client.csrfToken;
    client.csrfToken = 'a-token-from-an-older-page';
    const stale = await client.post('/logout');
    expect(stale.statusCode).toBe(419);
    expect(stale.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect(stale.headers['x-csrf-token']).toBe(current);
    expect((await client.post('/logout')).statusCode).toBe(204);
  });

  it('answers 419 when there is no session at all', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(response.statusCode).toBe(419);
    expect(response.headers['x-csrf-token']).toBeUndefined();
  });

  it('rotates the token at login and logout: the old one stops working', async () => {
    const { client, registration } = await signedInClient(testApp.app);
    const signedInToken = client.csrfToken;
    await client.post('/logout');
    const afterLogout = client.csrfToken;
    expect(afterLogout).not.toBe(signedInToken);

    client.csrfToken = signedInToken;
    expect(
      (await client.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(419);
    client.csrfToken = afterLogout;
    expect(
      (await client.post('/login', { email: registration.email, password: registration.password })).statusCode,
    ).toBe(200);
    expect(client.csrfToken).not.toBe(afterLogout);
  });

  it('never changes state on GET', async () => {
    const { client } = await signedInClient(testApp.app);
    for (const url of ['/logout', '/login', '/register']) {
      await testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `${SESSION_COOKIE}=${client.sessionCookie ?? ''}` },
      });
    }
    expect((await client.get('/user')).statusCode).toBe(200);
  });
});
