import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BrowserLikeClient } from '../browser-like-client';
import { signedInClient } from '../browser-like-client';
import { grantRole, staffClient, type StaffClient } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../test-app';
import {
  extremeTimes,
  forgedCursor,
  hostileBody,
  hostileIdText,
  hostileString,
  hostileUrlPart,
  rawBody,
} from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes a back-office route of the staff module answer 5xx (as no-server-errors.test.ts for
 * the others): its own session, the second factor, staff roles and the audit log, from an admin who
 * passed the second factor (so each request reaches the route's own logic) and from one who has not.
 * How many requests, from which seed: fuzz-settings.ts.
 */

let testApp: TestApp;
let admin: StaffClient;
let pending: StaffClient;
/** Accounts the generated requests may grant, change, take and reset; never the fuzzing admin. */
let others: number[];

beforeAll(async () => {
  // Wrong codes are this file's daily bread: the throttle would answer 429 before the route's logic.
  testApp = await createTestApp({ LOGIN_MAX_ATTEMPTS: '1000000', LOGIN_EMAIL_MAX_ATTEMPTS: '1000000' });
  const app = testApp.app;
  const [first, second, member, plain] = await Promise.all([
    staffClient(app, 'admin'),
    staffClient(app, 'admin', { secondFactor: false }),
    staffClient(app, 'moderator'),
    signedInClient(app),
  ]);
  admin = first;
  pending = second;
  others = [second.user.id, member.user.id, plain.user.id];
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

/** A user id in a path: one of the other accounts, or anything at all, but never the fuzzing admin's own. */
const userIdPart = () =>
  fc
    .oneof(fc.constantFrom(...others.map(String)), hostileIdText, hostileUrlPart)
    .map((text) => (text === String(admin.user.id) ? String(others[0]) : text));

const who = () => fc.constantFrom<BrowserLikeClient>(admin.client, pending.client);

describe('no input makes a staff, second-factor or audit route answer 5xx', () => {
  it('POST /api/admin/second-factor/{setup,confirm,verify}, with any body', async () => {
    await fc.assert(
      fc.asyncProperty(
        who(),
        fc.constantFrom('setup', 'confirm', 'verify'),
        fc.oneof(hostileBody({ code: '123456' }), hostileBody({ code: 'abcde-fghjk' })),
        async (client, step, body) => {
          const url = `/api/admin/second-factor/${step}`;
          noServerError(await client.post(url, body ?? null), `POST ${url}`);
        },
      ),
      fuzzSettings(),
    );
  });

  it('the second factor and role routes, with raw bodies of any type', async () => {
    await fc.assert(
      fc.asyncProperty(
        who(),
        fc.constantFrom(
          ['POST', '/api/admin/second-factor/confirm'],
          ['POST', '/api/admin/second-factor/verify'],
          ['PUT', `/api/admin/staff/${String(others[2])}`],
          ['POST', `/api/admin/staff/${String(others[1])}/second-factor/reset`],
        ),
        rawBody,
        async (client, [method, url], { contentType, payload }) => {
          const response = await client.request(method, url, payload, {
            headers: { 'content-type': contentType },
          });
          noServerError(response, `${method} ${url} (${contentType})`);
        },
      ),
      fuzzSettings(),
    );
  });

  it('PUT /api/admin/staff/:userId, with any id and body', async () => {
    await fc.assert(
      fc.asyncProperty(who(), userIdPart(), hostileBody({ role: 'support' }), async (client, id, body) => {
        noServerError(await client.put(`/api/admin/staff/${id}`, body ?? null), 'PUT /api/admin/staff/:userId');
      }),
      fuzzSettings(),
    );
  });

  it('DELETE /api/admin/staff/:userId and POST …/second-factor/reset, with any id', async () => {
    await fc.assert(
      fc.asyncProperty(who(), userIdPart(), fc.boolean(), async (client, id, regrant) => {
        // Put the roles back now and then, so removing and resetting meet members as often as strangers.
        if (regrant) for (const other of others.slice(0, 2)) await grantRole(testApp.app, other, 'moderator');
        noServerError(await client.request('DELETE', `/api/admin/staff/${id}`), 'DELETE /api/admin/staff/:userId');
        noServerError(
          await client.post(`/api/admin/staff/${id}/second-factor/reset`),
          'POST /api/admin/staff/:userId/second-factor/reset',
        );
      }),
      fuzzSettings(),
    );
  });

  it('GET /api/admin/session, /api/admin/staff and /api/admin/staff/lookup, with any query string', async () => {
    const emails = fc.oneof(
      hostileUrlPart,
      hostileString.map((text) => encodeURIComponent(`${text.replaceAll(/[\uD800-\uDFFF]/g, '')}@example.com`)),
    );
    await fc.assert(
      fc.asyncProperty(who(), emails, hostileUrlPart, async (client, email, other) => {
        for (const url of [
          `/api/admin/staff/lookup?email=${email}`,
          `/api/admin/staff/lookup?email=${email}&email=${other}`,
          `/api/admin/staff/lookup?${other}`,
          `/api/admin/staff?${other}=${email}`,
          `/api/admin/session?${other}`,
        ]) {
          noServerError(await client.get(url), `GET ${url}`);
        }
      }),
      fuzzSettings(),
    );
  });

  it('GET /api/admin/audit, with any filter and cursor', async () => {
    const times = fc.oneof(
      fc.constantFrom(...extremeTimes, '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-23:59', '2026-11-20'),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      hostileUrlPart,
    );
    const ids = fc.oneof(hostileIdText, hostileUrlPart);
    await fc.assert(
      fc.asyncProperty(
        who(),
        fc.record(
          {
            actor: ids,
            action: hostileUrlPart,
            target_type: hostileUrlPart,
            target_id: ids,
            from: times.map(encodeURIComponent),
            to: times.map(encodeURIComponent),
            q: hostileUrlPart,
            cursor: fc.oneof(forgedCursor.map(encodeURIComponent), hostileIdText, hostileUrlPart),
          },
          { requiredKeys: [] },
        ),
        async (client, query) => {
          const text = Object.entries(query)
            .map(([name, value]) => `${name}=${value}`)
            .join('&');
          const url = `/api/admin/audit?${text}`;
          noServerError(await client.get(url), `GET ${url}`);
        },
      ),
      fuzzSettings({ runs: 2 }),
    );
  });

  it('GET /api/admin/audit/facets and the log by a path it does not have, with any method', async () => {
    await fc.assert(
      fc.asyncProperty(
        who(),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        hostileUrlPart,
        async (client, method, part) => {
          for (const url of [`/api/admin/audit/facets?${part}`, `/api/admin/audit/${part}`]) {
            const response = await client.request(method, url, method === 'GET' ? undefined : { note: part });
            noServerError(response, `${method} ${url}`);
          }
        },
      ),
      fuzzSettings(),
    );
  });
});
