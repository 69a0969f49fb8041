import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient } from '../browser-like-client';
import { createCatalogueTestApp } from '../fixtures/catalogue';
import { staffClient } from '../fixtures/staff';
import type { TestApp } from '../test-app';
import { hostileUrlPart, hostileValue } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes the welcome video's routes (issue 31, decision 041) answer 5xx: its addresses from
 * any visitor, and the back-office's replace and reset with any part, bytes and type from staff.
 */

let testApp: TestApp;
let editor: BrowserLikeClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  editor = (await staffClient(testApp.app, 'admin')).client;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
}

const part = fc.oneof(hostileUrlPart, fc.constantFrom('webm', 'mp4', 'poster', 'captions_en', 'captions_ar'));
/** Bytes that start like each kind of file we take, then anything. */
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc
    .tuple(
      fc.constantFrom(
        [0x1a, 0x45, 0xdf, 0xa3],
        [0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70],
        [...Buffer.from('WEBVTT\n')],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ),
      fc.uint8Array({ maxLength: 512 }),
    )
    .map(([head, tail]) => new Uint8Array([...head, ...tail])),
);

describe('no input makes the welcome video answer 5xx', () => {
  it('GET its addresses, and the back-office’s, with any query and language', async () => {
    await fc.assert(
      fc.asyncProperty(hostileUrlPart, fc.string(), async (query, language) => {
        const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
        noServerError(await client.get(`/api/welcome-video?${query}`), `GET /api/welcome-video?${query}`);
        noServerError(await editor.get(`/api/admin/welcome-video?${query}`), `GET /api/admin/welcome-video?${query}`);
      }),
      fuzzSettings(),
    );
  });

  it('replace and reset any part with any bytes, type or JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(
        part,
        fc.oneof(bytes, hostileValue),
        fc.constantFrom('', 'video/webm', 'video/mp4', 'text/vtt', 'image/png', 'application/json', 'text/plain'),
        async (name, body, type) => {
          const url = `/api/admin/welcome-video/${name}`;
          const raw = body instanceof Uint8Array;
          const headers = raw ? { 'content-type': type || 'application/octet-stream' } : {};
          const sent = raw ? Buffer.from(body) : body;
          noServerError(await editor.request('PUT', url, sent, { headers }), `PUT ${url}`);
          noServerError(await editor.request('DELETE', url), `DELETE ${url}`);
        },
      ),
      fuzzSettings(),
    );
  });
});
