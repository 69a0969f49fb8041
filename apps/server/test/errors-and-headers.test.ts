import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, (app) => {
    app.get('/test/explode', () => {
      throw new Error(
        'relation "secret_table" does not exist at /srv/app/src/modules/secret.ts:42 SELECT * FROM users',
      );
    });
    app.get('/test/database-error', async () => {
      await app.db
        .selectFrom('no_such_table' as never)
        .selectAll()
        .execute();
      return { ok: true };
    });
  });
});
afterAll(() => testApp.close());

describe('error bodies', () => {
  it.each(['/test/explode', '/test/database-error'])('%s answers 500 Server Error and leaks nothing', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    expect(response.body).not.toMatch(/secret|select|\.ts|stack|no_such_table/i);
  });

  it('answers JSON 404 for unknown API calls', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });

  it('answers malformed JSON with a 400 JSON error, not a 500', async () => {
    const client = new BrowserLikeClient(testApp.app);
    await client.visit('/');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': client.csrfToken ?? '',
        cookie: `marketplace_session=${client.sessionCookie ?? ''}`,
      },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('never serves the unrendered index.html', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('<!--app-head-->');
  });
});

describe('security headers', () => {
  it.each([
    ['a page', '/', 'text/html'],
    ['an API answer', '/user', 'application/json'],
    ['a 404', '/nothing-here', 'application/json'],
  ])('are on %s', async (_label, url, accept) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('maps.googleapis.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('let the maps script in only when a key is configured', async () => {
    const withMaps = await createTestApp({ GOOGLE_MAPS_KEY: 'test-key' });
    try {
      const response = await withMaps.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(String(response.headers['content-security-policy'])).toContain(
        "script-src 'self' https://maps.googleapis.com",
      );
      expect(response.body).toContain('"googleMapsKey":"test-key"');
    } finally {
      await withMaps.close();
    }
  });
});
