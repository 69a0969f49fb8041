import { CHAT_API } from '@marketplace/contracts';
import { moderationActions, moderationReasons, moderationTargetTypes } from '@marketplace/contracts/staff';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createCatalogueTestApp, liveListing, seller, type Seller } from '../fixtures/catalogue';
import { reportListing } from '../fixtures/moderation';
import { staffClient, type StaffClient } from '../fixtures/staff';
import type { TestApp } from '../test-app';
import {
  extremeNumbers,
  forgedCursor,
  hostileBody,
  hostileIdText,
  hostileUrlPart,
  hostileValue,
} from './hostile-input';
import { fuzzSettings } from './fuzz-settings';

/**
 * No input makes a moderation route answer 5xx (issue 29): the queue with any query, a target's
 * screen at any address, any action with any body on real targets (acting on them as it goes, so
 * later cases meet removed listings and suspended people), and reporting a person. Its cases, and
 * how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
let admin: StaffClient;
let owner: Seller;
let reporter: Seller;
const targets: { type: string; id: number }[] = [];

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ REPORTS_PER_HOUR: '100000' });
  admin = await staffClient(testApp.app, 'admin');
  owner = await seller(testApp);
  reporter = await seller(testApp);
  const listing = await liveListing(owner);
  await reportListing(reporter.client, listing.id, 'scam');
  const started = await reporter.client.post(CHAT_API.conversations, { listing_id: listing.id });
  const conversationId = started.json<{ data: { id: number } }>().data.id;
  await reporter.client.post(CHAT_API.report(conversationId), { reason: 'Rude' });
  await reporter.client.post(`/api/users/${owner.id}/report`, { reason: 'spam' });
  targets.push(
    { type: 'listing', id: listing.id },
    { type: 'conversation', id: conversationId },
    { type: 'user', id: owner.id },
  );
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** The queue's own cursor shape (queue-cursor.ts) with any values in it, and every other format. */
const queueCursor = fc.oneof(
  fc
    .tuple(
      fc.oneof(fc.integer(), fc.constantFrom(...extremeNumbers), hostileValue),
      fc.oneof(hostileIdText, fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String), hostileValue),
      fc.oneof(fc.constantFrom(...moderationTargetTypes), hostileValue),
      fc.oneof(fc.integer(), hostileValue),
    )
    .map((cursor) => base64url(JSON.stringify(cursor))),
  fc.array(hostileValue, { maxLength: 6 }).map((cursor) => base64url(JSON.stringify(cursor))),
  forgedCursor,
  hostileUrlPart,
);

describe('no input makes a moderation route answer 5xx', () => {
  it('GET /api/admin/moderation, with any type and cursor', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...moderationTargetTypes, ''), hostileUrlPart),
        queueCursor,
        async (type, cursor) => {
          const url = `/api/admin/moderation?type=${type}&cursor=${encodeURIComponent(cursor)}`;
          noServerError(await admin.client.get(url), `GET ${url}`);
        },
      ),
      fuzzSettings({ runs: 2 }),
    );
  });

  it('GET /api/admin/moderation/:type/:id, at any address', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...moderationTargetTypes), hostileUrlPart),
        fc.oneof(fc.constantFrom(...targets.map((target) => String(target.id))), hostileIdText, hostileUrlPart),
        async (type, id) => {
          const url = `/api/admin/moderation/${type}/${id}`;
          noServerError(await admin.client.get(url), `GET ${url}`);
        },
      ),
      fuzzSettings(),
    );
  });

  it('POST /api/admin/moderation/:type/:id/actions, any action with any body on real targets and at any address', async () => {
    // Well-formed actions in any order, so that each meets its targets in every state; and hostile bodies.
    const wellFormed = fc.record(
      {
        action: fc.constantFrom(...moderationActions),
        reason: fc.constantFrom(...moderationReasons),
        note: fc.oneof(fc.constant(null), fc.string({ maxLength: 20 })),
        days: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 3650 }), fc.constantFrom(...extremeNumbers)),
      },
      { requiredKeys: ['action', 'reason'] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...targets).map((target) => [target.type, String(target.id)] as const),
          fc.tuple(fc.oneof(fc.constantFrom(...moderationTargetTypes), hostileUrlPart), hostileIdText),
        ),
        fc.oneof(wellFormed, hostileBody({ action: 'suspend', reason: 'spam', note: 'Why.', days: 7 })),
        async ([type, id], body) => {
          const url = `/api/admin/moderation/${type}/${id}/actions`;
          noServerError(await admin.client.post(url, body ?? null), `POST ${url} ${JSON.stringify(body)}`);
        },
      ),
      fuzzSettings({ runs: 2 }),
    );
  });

  it('POST /api/users/:userId/report, with any body and address', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(String(owner.id), String(admin.user.id)), hostileIdText, hostileUrlPart),
        hostileBody({ reason: 'other', details: 'Sends threats.' }),
        async (id, body) => {
          const url = `/api/users/${id}/report`;
          noServerError(await reporter.client.post(url, body ?? null), `POST ${url}`);
        },
      ),
      fuzzSettings(),
    );
  });
});
