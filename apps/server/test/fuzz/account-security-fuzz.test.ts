import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from '../browser-like-client';
import { createTestApp, type TestApp } from '../test-app';
import { hostileBody, hostileUrlPart, rawBody } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes account security's JSON routes (issue 17) answer 5xx: the password change, the
 * forgotten-password link and the reset, the sessions list, e-mail verification, deleting the account
 * and downloading its data, signed in and out. Its cases, and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
let guest: BrowserLikeClient;
let member: BrowserLikeClient;
let unverified: BrowserLikeClient;

beforeAll(async () => {
  // Throttles far away, so that every request reaches the code behind them.
  testApp = await createTestApp({
    LOGIN_MAX_ATTEMPTS: '100000',
    LOGIN_EMAIL_MAX_ATTEMPTS: '100000',
    PASSWORD_RESET_EMAIL_MAX_ATTEMPTS: '100000',
    PASSWORD_RESET_IP_MAX_ATTEMPTS: '100000',
    EMAIL_VERIFICATION_MAX_SENDS: '100000',
  });
  guest = new BrowserLikeClient(testApp.app);
  await guest.visit('/forgot-password');
  member = (await signedInClient(testApp.app)).client;
  unverified = (await signedInClient(testApp.app, {}, { verified: false })).client;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

describe('no input makes an account security route answer 5xx', () => {
  it('the sessions list and signing sessions out, with any handle, body or query', async () => {
    const own = (await member.get('/api/account/sessions')).json<{ data: { id: string }[] }>().data[0]?.id ?? '';
    const requests = fc.oneof(
      hostileUrlPart.map((query) => ({ method: 'GET' as const, url: `/api/account/sessions?${query}` })),
      fc
        .tuple(fc.constantFrom(own, 'A'.repeat(22), ''), hostileUrlPart)
        .map(([handle, part]) => ({ method: 'DELETE' as const, url: `/api/account/sessions/${handle}${part}` })),
      hostileBody({ all: true }).map((body) => ({ method: 'DELETE' as const, url: '/api/account/sessions', body })),
    );
    await fc.assert(
      fc.asyncProperty(
        requests,
        fc.boolean(),
        async (request: { method: 'GET' | 'DELETE'; url: string; body?: unknown }, signedIn) => {
          const client = signedIn ? member : guest;
          noServerError(
            await client.request(request.method, request.url, request.body),
            `${request.method} ${request.url}`,
          );
        },
      ),
      fuzzSettings(),
    );
  });

  it('PUT /api/account/password, POST /api/password/forgot and /api/password/reset, as JSON', async () => {
    const requests = fc.oneof(
      hostileBody({
        current_password: 'not the password',
        password: 'a new pass phrase',
        password_confirmation: 'a new pass phrase',
      }).map((body) => ({ method: 'PUT' as const, url: '/api/account/password', body })),
      hostileBody({ email: 'someone@example.com' }).map((body) => ({
        method: 'POST' as const,
        url: '/api/password/forgot',
        body,
      })),
      hostileBody({
        token: 'A'.repeat(43),
        password: 'a new pass phrase',
        password_confirmation: 'a new pass phrase',
      }).map((body) => ({ method: 'POST' as const, url: '/api/password/reset', body })),
    );
    await fc.assert(
      fc.asyncProperty(requests, fc.boolean(), async ({ method, url, body }, signedIn) => {
        const client = signedIn ? member : guest;
        noServerError(await client.request(method, url, body === undefined ? null : body), `${method} ${url}`);
      }),
      fuzzSettings({ runs: 2 }),
    );
    await testApp.app.account.background.settled();
  });

  it('verifying, resending, deleting and exporting, as JSON, signed in (verified or not) and out', async () => {
    const requests = fc.oneof(
      hostileBody({ token: 'A'.repeat(43) }).map((body) => ({
        method: 'POST' as const,
        url: '/api/account/email/verify',
        body,
      })),
      hostileBody({ resend: true }).map((body) => ({
        method: 'POST' as const,
        url: '/api/account/email/verification',
        body,
      })),
      // Never the member's password: the account must outlive the run.
      hostileBody({ password: 'not the password' }).map((body) => ({
        method: 'POST' as const,
        url: '/api/account/delete',
        body,
      })),
      hostileUrlPart.map((query) => ({ method: 'GET' as const, url: `/api/account/export?${query}`, body: undefined })),
    );
    await fc.assert(
      fc.asyncProperty(
        requests,
        fc.constantFrom('guest', 'member', 'unverified'),
        async ({ method, url, body }, who) => {
          const client = who === 'guest' ? guest : who === 'member' ? member : unverified;
          noServerError(await client.request(method, url, body === undefined ? null : body), `${method} ${url}`);
        },
      ),
      fuzzSettings({ runs: 2 }),
    );
    expect((await member.get('/user')).statusCode).toBe(200);
  });

  it('the same routes with bodies that are not JSON, and any query string', async () => {
    const routes = [
      ['PUT', '/api/account/password'],
      ['POST', '/api/password/forgot'],
      ['POST', '/api/password/reset'],
      ['POST', '/api/account/email/verify'],
      ['POST', '/api/account/email/verification'],
      ['POST', '/api/account/delete'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        rawBody,
        hostileUrlPart,
        async ([method, url], { contentType, payload }, query) => {
          const response = await member.request(method, `${url}?${query}`, payload, {
            headers: { 'content-type': contentType },
          });
          noServerError(response, `${method} ${url} (${contentType})`);
        },
      ),
      fuzzSettings(),
    );
    await testApp.app.account.background.settled();
  });
});
