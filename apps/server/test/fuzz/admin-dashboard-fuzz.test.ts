import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from '../browser-like-client';
import { staffClient } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../test-app';
import { hostileUrlPart } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No query string makes the back-office dashboard (GET /api/admin/dashboard, issue 29) answer 5xx,
 * whoever asks: a visitor, a user, a staff member before the second factor, each role after it. Its
 * cases, and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
const callers: Record<string, BrowserLikeClient> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  callers.visitor = new BrowserLikeClient(testApp.app);
  await callers.visitor.visit('/');
  callers.user = (await signedInClient(testApp.app)).client;
  callers.pending = (await staffClient(testApp.app, 'moderator', { secondFactor: false })).client;
  for (const role of ['admin', 'moderator', 'support'] as const)
    callers[role] = (await staffClient(testApp.app, role)).client;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

describe('no input makes the dashboard answer 5xx', () => {
  it('GET /api/admin/dashboard with any query string, from anyone', async () => {
    const names = fc.oneof(
      fc.constantFrom('days', 'from', 'to', 'day', 'limit', 'cursor', '__proto__'),
      hostileUrlPart,
    );
    const values = fc.oneof(
      hostileUrlPart,
      fc.constantFrom('30', '-1', '0', '1e309', '2147483648', '2026-11-31', '0000-00-00', '9999-12-31', '[]', '%00'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(callers)),
        fc.array(fc.tuple(names, values), { maxLength: 6 }),
        async (who, pairs) => {
          const query = pairs.map(([name, value]) => `${name}=${value}`).join('&');
          const url = `/api/admin/dashboard?${query}`;
          noServerError(await (callers[who] as BrowserLikeClient).get(url), `GET ${url} (${who})`);
        },
      ),
      fuzzSettings(),
    );
  });
});
