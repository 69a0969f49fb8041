import { NEWSLETTER_API, NEWSLETTER_PAGES } from '@marketplace/contracts/newsletter';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BrowserLikeClient } from '../browser-like-client';
import { createTestApp, type TestApp } from '../test-app';
import { hostileBody, hostileIdText, hostileString, hostileUrlPart, rawBody } from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes a newsletter route answer 5xx (issue 31): sign-up with any body and any bytes,
 * confirming and unsubscribing with any token in the address or the body, signed out, and the
 * pages the e-mails link to. Its cases, and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
let visitor: BrowserLikeClient;
let unsubscribeToken: string;
let confirmToken: string;

beforeAll(async () => {
  testApp = await createTestApp({ NEWSLETTER_SIGNUPS_PER_ADDRESS: '100000', NEWSLETTER_SIGNUPS_PER_NETWORK: '100000' });
  visitor = new BrowserLikeClient(testApp.app);
  await visitor.visit('/');
  await visitor.post(NEWSLETTER_API.subscribe, { email: 'fuzz-reader@example.com', locale: 'ar' });
  const row = await testApp.database.db
    .selectFrom('mail_outbox')
    .select(['path', 'data'])
    .where('recipient', '=', 'fuzz-reader@example.com')
    .executeTakeFirstOrThrow();
  confirmToken = /token=([^&]+)/.exec(row.path ?? '')?.[1] ?? '';
  unsubscribeToken = /token=([^&]+)/.exec(String(row.data.list_unsubscribe))?.[1] ?? '';
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

const tokens = () =>
  fc.oneof(
    fc.constant(confirmToken),
    fc.constant(unsubscribeToken),
    fc.constant(`${unsubscribeToken.split('.')[0] ?? ''}.${confirmToken}`),
    hostileIdText,
    hostileUrlPart,
  );

describe('no input makes a newsletter route answer 5xx', () => {
  it('POST /api/newsletter/subscriptions, any body and any bytes', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBody({ email: 'someone@example.com', locale: 'en' }), async (body) => {
        noServerError(await visitor.post(NEWSLETTER_API.subscribe, body ?? null), `subscribe ${JSON.stringify(body)}`);
      }),
      fuzzSettings({ runs: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, async ({ contentType, payload }) => {
        const response = await visitor.request('POST', NEWSLETTER_API.subscribe, payload, {
          headers: { 'content-type': contentType },
        });
        noServerError(response, `subscribe raw ${contentType}`);
      }),
      fuzzSettings(),
    );
  });

  it('confirm and unsubscribe with any token, in the address or the body, as JSON, a page or a form', async () => {
    await fc.assert(
      fc.asyncProperty(
        tokens(),
        fc.oneof(hostileBody({ token: 'x' }), hostileString),
        fc.constantFrom('application/json', 'text/html'),
        async (token, body, accept) => {
          for (const path of [NEWSLETTER_API.confirm, NEWSLETTER_API.unsubscribe]) {
            const headers = { accept };
            const url = `${path}?token=${token}&lang=${token}`;
            noServerError(await testApp.app.inject({ method: 'POST', url, headers }), `POST ${url}`);
            noServerError(
              await testApp.app.inject({ method: 'POST', url: path, headers, payload: body as string }),
              `POST ${path} ${JSON.stringify(body)}`,
            );
          }
          for (const path of [NEWSLETTER_PAGES.confirm, NEWSLETTER_PAGES.unsubscribe, NEWSLETTER_API.unsubscribe]) {
            const url = `${path}?token=${token}&lang=${token}`;
            noServerError(await testApp.app.inject({ method: 'GET', url }), `GET ${url}`);
          }
        },
      ),
      fuzzSettings(),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, tokens(), async ({ contentType, payload }, token) => {
        for (const path of [NEWSLETTER_API.confirm, NEWSLETTER_API.unsubscribe]) {
          const response = await testApp.app.inject({
            method: 'POST',
            url: `${path}?token=${token}`,
            headers: { 'content-type': contentType },
            payload,
          });
          noServerError(response, `POST ${path} raw ${contentType}`);
        }
      }),
      fuzzSettings(),
    );
  });
});
