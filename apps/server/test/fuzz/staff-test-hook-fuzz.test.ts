import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from '../browser-like-client';
import { createTestApp, type TestApp } from '../test-app';
import { hostileBody, rawBody } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No body makes the browser tests' staff hook (POST /api/test/staff-role, NODE_ENV=test only) answer
 * 5xx, from a visitor or a signed-in user. Its cases, and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
const callers: BrowserLikeClient[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  const visitor = new BrowserLikeClient(testApp.app);
  await visitor.visit('/');
  callers.push(visitor, (await signedInClient(testApp.app)).client);
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

describe('no input makes the staff test hook answer 5xx', () => {
  it('POST /api/test/staff-role with any JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 1), hostileBody({ role: 'moderator' }), async (who, body) => {
        const response = await (callers[who] as BrowserLikeClient).post('/api/test/staff-role', body);
        noServerError(response, `POST /api/test/staff-role (${who === 0 ? 'visitor' : 'user'})`);
      }),
      fuzzSettings(),
    );
  });

  it('POST /api/test/staff-role with bodies that are not JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 1), rawBody, async (who, { contentType, payload }) => {
        const response = await (callers[who] as BrowserLikeClient).request('POST', '/api/test/staff-role', payload, {
          headers: { 'content-type': contentType },
        });
        noServerError(response, `POST /api/test/staff-role (${contentType})`);
      }),
      fuzzSettings(),
    );
  });
});
