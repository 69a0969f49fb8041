import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient } from '../browser-like-client';
import { staffClient } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../test-app';
import { hostileIdText, hostileUrlPart, hostileValue } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes the newsletter's issue routes (decision 040) answer 5xx: the archive from any
 * visitor, and every staff route's body and address from an admin. Cases and replays: fuzz-settings.ts.
 */

let testApp: TestApp;
let editor: BrowserLikeClient;
let existing: number;

beforeAll(async () => {
  testApp = await createTestApp();
  editor = (await staffClient(testApp.app, 'admin')).client;
  const made = await editor.post('/api/admin/newsletter/issues', {
    subject: 'Fuzz',
    subject_ar: 'فز',
    body: 'Hello',
    body_ar: 'مرحبا',
    listing_ids: [],
  });
  existing = made.json<{ data: { id: number } }>().data.id;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
}

const idPart = fc.oneof(hostileUrlPart, hostileIdText, fc.constantFrom('1', '0', '-1', '2147483648'));

describe('no input makes the newsletter issues answer 5xx', () => {
  it('GET the archive and an issue with any address, query and language', async () => {
    await fc.assert(
      fc.asyncProperty(idPart, hostileUrlPart, fc.string(), async (id, query, language) => {
        const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
        for (const url of [`/api/newsletter/issues?${query}`, `/api/newsletter/issues/${id}`, `/newsletter/${id}`]) {
          noServerError(await client.get(url), `GET ${url}`);
        }
      }),
      fuzzSettings(),
    );
  });

  it('send the staff routes any body at any address', async () => {
    const words = fc.record({
      subject: hostileValue,
      subject_ar: hostileValue,
      body: hostileValue,
      body_ar: hostileValue,
      listing_ids: fc.oneof(hostileValue, fc.array(fc.oneof(fc.integer(), hostileValue), { maxLength: 14 })),
    });
    const test = fc.record({
      locales: fc.oneof(hostileValue, fc.array(fc.oneof(hostileValue, fc.constantFrom('en', 'ar')))),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(idPart, fc.constant(String(existing))),
        fc.oneof(words, test, hostileValue),
        async (id, body) => {
          const calls: [string, string][] = [
            ['POST', '/api/admin/newsletter/issues'],
            ['GET', `/api/admin/newsletter/issues/${id}`],
            ['PUT', `/api/admin/newsletter/issues/${id}`],
            ['GET', `/api/admin/newsletter/issues/${id}/preview`],
            ['POST', `/api/admin/newsletter/issues/${id}/test`],
            ['POST', `/api/admin/newsletter/issues/${id}/send`],
            ['POST', `/api/admin/newsletter/issues/${id}/cancel`],
          ];
          for (const [method, url] of calls) {
            noServerError(
              await editor.request(method as 'POST', url, method === 'GET' ? undefined : body),
              `${method} ${url}`,
            );
          }
        },
      ),
      fuzzSettings(),
    );
  });
});
