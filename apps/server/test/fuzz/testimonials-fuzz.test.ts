import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient } from '../browser-like-client';
import { createCatalogueTestApp } from '../fixtures/catalogue';
import { staffClient } from '../fixtures/staff';
import type { TestApp } from '../test-app';
import { hostileIdText, hostileUrlPart, hostileValue } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes the testimonials' routes (issue 31) answer 5xx: the public list from any visitor,
 * and every editor's body and address from staff who may edit. Cases and replays: fuzz-settings.ts.
 */

let testApp: TestApp;
let visitor: BrowserLikeClient;
let editor: BrowserLikeClient;
let existing: number;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  visitor = new BrowserLikeClient(testApp.app);
  await visitor.visit('/');
  editor = (await staffClient(testApp.app, 'admin')).client;
  const made = await editor.post('/api/admin/testimonials', {
    quote: 'Quick and honest.',
    quote_ar: 'سريع وصادق.',
    name: 'Fuzz',
    name_ar: 'فز',
    city: 'Dubai',
    city_ar: 'دبي',
    role: 'buyer',
    position: 1,
    published: true,
  });
  existing = made.json<{ data: { id: number } }>().data.id;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
}

const idPart = fc.oneof(hostileUrlPart, hostileIdText, fc.constantFrom('1', '0', '-1', '2147483648'));

describe('no input makes the testimonials answer 5xx', () => {
  it('GET the public list with any query and language', async () => {
    await fc.assert(
      fc.asyncProperty(hostileUrlPart, fc.string(), async (query, language) => {
        const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
        noServerError(await client.get(`/api/testimonials?${query}`), `GET /api/testimonials?${query}`);
      }),
      fuzzSettings(),
    );
  });

  it('send the editor any body at any address', async () => {
    const words = fc.record({
      quote: hostileValue,
      quote_ar: hostileValue,
      name: hostileValue,
      name_ar: hostileValue,
      city: hostileValue,
      city_ar: hostileValue,
      role: fc.oneof(hostileValue, fc.constantFrom('buyer', 'seller')),
      position: hostileValue,
      published: hostileValue,
    });
    const photo = fc.record({
      image: fc.oneof(
        hostileValue,
        fc.string().map((text) => `data:image/png;base64,${text}`),
      ),
    });
    const move = fc.record({ direction: fc.oneof(hostileValue, fc.constantFrom('up', 'down')) });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(idPart, fc.constant(String(existing))),
        fc.oneof(words, photo, move, hostileValue),
        async (id, body) => {
          const calls: [string, string][] = [
            ['POST', '/api/admin/testimonials'],
            ['PUT', `/api/admin/testimonials/${id}`],
            ['PUT', `/api/admin/testimonials/${id}/photo`],
            ['DELETE', `/api/admin/testimonials/${id}/photo`],
            ['POST', `/api/admin/testimonials/${id}/move`],
          ];
          for (const [method, url] of calls) {
            noServerError(
              await editor.request(method as 'POST', url, method === 'DELETE' ? undefined : body),
              `${method} ${url}`,
            );
          }
        },
      ),
      fuzzSettings(),
    );
  });
});
