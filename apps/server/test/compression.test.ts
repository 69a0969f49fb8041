import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from './browser-like-client';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** GET `url` as a client that accepts `accept`, and the encodings `acceptEncoding` names (none if left out). */
const get = (url: string, accept: string, acceptEncoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: { accept, ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) },
  });
const timezones = (acceptEncoding?: string) => get('/timezones', 'application/json', acceptEncoding);

describe('JSON answers', () => {
  it('go brotli-compressed to clients that accept it, and read the same', async () => {
    const plain = await timezones();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await timezones('gzip, deflate, br, zstd');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('go gzip-compressed to clients that accept only gzip', async () => {
    const compressed = await timezones('gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString())).toEqual((await timezones()).json());
  });

  it('are left alone when small', async () => {
    const response = await get('/user', 'application/json', 'br');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('what is never compressed', () => {
  it('the HTML page, which carries the CSRF token (BREACH)', async () => {
    const page = await get('/profile', 'text/html', 'gzip, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain('<meta name="csrf-token"');
  });

  it('a request body: a compressed one is refused as unreadable, not inflated', async () => {
    const client = new BrowserLikeClient(testApp.app);
    await client.visit('/login');
    const body = zlib.gzipSync(JSON.stringify({ email: 'layla@example.com', password: 'demo-password-1' }));
    const response = await client.request('POST', '/login', body, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/not valid JSON/);
  });
});
