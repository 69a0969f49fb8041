import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const script = "export const greeting = 'hello from the fixture build';";
const get = (acceptEncoding?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/js/app-Fx1x.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('built scripts', () => {
  it('go to browsers that accept brotli as the brotli copy the build wrote', async () => {
    const response = await get('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain(script);
  });

  it('go as the gzip copy to browsers that accept only gzip', async () => {
    const response = await get('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain(script);
  });

  it('go uncompressed to clients that accept neither', async () => {
    const response = await get();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain(script);
  });
});
