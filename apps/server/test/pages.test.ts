import { PAGE_PATHS } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const page = (url: string) => testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('page addresses', () => {
  it('answer 200 with the app for every page, with or without a trailing slash or a query', async () => {
    for (const url of [...Object.values(PAGE_PATHS), '/profile/', '/login?redirect=%2Fprofile']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<meta name="csrf-token"');
    }
  });

  it('answer an unknown address 404, still with the app, which shows its not-found page', async () => {
    for (const url of ['/no/such/page', '/profiles', '/profile/extra', '/login.php']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<meta name="csrf-token"');
    }
  });

  it('answer an API client the JSON 404 as before', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});
