import { ADMIN_USER_LISTS, reportKinds } from '@marketplace/contracts/staff';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from '../browser-like-client';
import { insertListing, insertUser } from '../fixtures/back-office';
import { createCatalogueTestApp } from '../fixtures/catalogue';
import { staffClient, type StaffClient } from '../fixtures/staff';
import type { TestApp } from '../test-app';
import { fuzzSettings } from './fuzz-settings';
import {
  forgedCursor,
  hostileBody,
  hostileIdText,
  hostileNumber,
  hostileString,
  hostileUrlPart,
  rawBody,
} from './hostile-input';

/**
 * No input makes the back-office's users, listings and categories routes (issue 29) answer 5xx:
 * their queries, ids, cursors and bodies, for an admin past the second factor (so every request
 * reaches the code behind the guard) and for a user and a visitor (the guard's 404). Its cases,
 * and how to replay one, as in fuzz-settings.ts.
 */

let testApp: TestApp;
let admin: StaffClient;
let guest: BrowserLikeClient;
let member: BrowserLikeClient;
/** People and a listing that exist, so ids often name something. */
let subjectIds: number[];
let listingId: number;
let phonesId: number;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  const db = testApp.database.db;
  const subject = await insertUser(db, { first_name: 'Fuzz', last_name: 'Subject' });
  const verified = await insertUser(db, { first_name: 'Fuzz', last_name: 'Verified' });
  await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', verified.id).execute();
  subjectIds = [subject.id, verified.id];
  listingId = await insertListing(db, subject.id, { title: 'Fuzzed kettle' });
  await db
    .insertInto('listing_reports')
    .values({ listing_id: listingId, reporter_id: verified.id, reason: 'scam' })
    .execute();
  phonesId = (
    await db.selectFrom('categories').select('id').where('slug', '=', 'mobile-phones').executeTakeFirstOrThrow()
  ).id;
  admin = await staffClient(testApp.app, 'admin');
  guest = new BrowserLikeClient(testApp.app);
  await guest.visit('/');
  member = (await signedInClient(testApp.app)).client;
});
afterAll(() => testApp.close());

function noServerError(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

/** An id in a path: one that exists, or anything — but never the admin's own, whose sessions must outlive the run. */
const pathId = () =>
  fc.oneof(
    fc.constantFrom(...subjectIds.map(String), String(listingId), String(phonesId)),
    hostileIdText.filter((text) => text !== String(admin.user.id)).map((text) => encodeURIComponent(text)),
    hostileUrlPart.filter((text) => text !== String(admin.user.id)),
  );

/** A query string of these parameters, each left out, plausible, or hostile. */
const queryOf = (plausible: Record<string, fc.Arbitrary<string>>) =>
  fc
    .tuple(
      ...Object.entries(plausible).map(([name, value]) =>
        fc
          .oneof(
            { arbitrary: fc.constant(undefined), weight: 2 },
            { arbitrary: value, weight: 2 },
            { arbitrary: hostileUrlPart, weight: 1 },
            { arbitrary: forgedCursor.map(encodeURIComponent), weight: 1 },
          )
          .map((chosen) => (chosen === undefined ? '' : `${name}=${chosen}`)),
      ),
    )
    .map((parts) => parts.filter(Boolean).join('&'));

const searchText = fc.constantFrom('fuzz', 'FUZZ sub', '1', 'a', 'kettle', '%_\\', 'ا');

/**
 * A cursor of a list of a person's page (back-office/user-lists.ts): `[list, ...place]` as JSON,
 * base64url; its parts often plausible (a time in microseconds near timestamptz's edges, a kind, an
 * id, a session's handle), so the place reaches SQL.
 */
const userListCursor = fc
  .tuple(
    fc.oneof(fc.constantFrom(...ADMIN_USER_LISTS), hostileString),
    fc.array(
      fc.oneof(
        fc.constantFrom('-210866803200000000', '-210866803200000001', '999999999999999999', '1764000000000000'),
        hostileIdText,
        fc.constantFrom(...reportKinds, 'order'),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        hostileNumber,
        fc.constantFrom('AAAAAAAAAAAAAAAAAAAAAA', '----------------------'),
        hostileString,
      ),
      { maxLength: 4 },
    ),
  )
  .map(([list, place]) => Buffer.from(JSON.stringify([list, ...place])).toString('base64url'));
const someId = () => fc.constantFrom(...subjectIds.map(String), String(phonesId), '1', '2147483647');
const limit = fc.constantFrom('1', '2', '25', '50');

describe('no input makes a back-office users, listings or categories route answer 5xx', () => {
  it('GET /api/admin/users and /api/admin/listings with any query, as staff and as anyone else', async () => {
    const requests = fc.oneof(
      queryOf({ q: searchText, cursor: someId(), limit }).map((query) => `/api/admin/users?${query}`),
      queryOf({
        q: searchText,
        status: fc.constantFrom('active', 'draft', 'removed'),
        category: someId(),
        seller: someId(),
        reported: fc.constant('1'),
        cursor: someId(),
        limit,
      }).map((query) => `/api/admin/listings?${query}`),
      hostileUrlPart.map((query) => `/api/admin/categories?${query}`),
    );
    await fc.assert(
      fc.asyncProperty(requests, fc.constantFrom('admin', 'admin', 'member', 'guest'), async (url, who) => {
        const client = who === 'admin' ? admin.client : who === 'member' ? member : guest;
        noServerError(await client.get(url), `GET ${url}`);
      }),
      fuzzSettings({ runs: 2 }),
    );
  });

  it('a person’s page and its lists’ pages, resending verification and ending sessions, with any id, cursor and body', async () => {
    const requests = fc.oneof(
      pathId().map((id) => ({ method: 'GET' as const, url: `/api/admin/users/${id}` })),
      fc
        .tuple(
          pathId(),
          fc.oneof(
            { arbitrary: fc.constantFrom(...ADMIN_USER_LISTS), weight: 4 },
            { arbitrary: hostileUrlPart, weight: 1 },
          ),
          fc.oneof(userListCursor, forgedCursor, hostileUrlPart),
        )
        .map(([id, list, cursor]) => ({
          method: 'GET' as const,
          url: `/api/admin/users/${id}/${list}?cursor=${encodeURIComponent(cursor)}`,
        })),
      fc
        .tuple(pathId(), hostileBody({ resend: true }))
        .map(([id, body]) => ({ method: 'POST' as const, url: `/api/admin/users/${id}/verification`, body })),
      pathId().map((id) => ({ method: 'DELETE' as const, url: `/api/admin/users/${id}/sessions` })),
    );
    await fc.assert(
      fc.asyncProperty(
        requests,
        fc.boolean(),
        async (request: { method: 'GET' | 'POST' | 'DELETE'; url: string; body?: unknown }, asAdmin) => {
          const client = asAdmin ? admin.client : member;
          noServerError(
            await client.request(request.method, request.url, request.body),
            `${request.method} ${request.url}`,
          );
        },
      ),
      fuzzSettings(),
    );
    // The admin's own session outlived the run.
    expect((await admin.client.get('/api/admin/session')).statusCode).toBe(200);
  });

  it('PUT /api/admin/categories/:id with any body and id, as JSON and not', async () => {
    const valid = {
      name: 'Mobile phones',
      name_ar: 'هواتف محمولة',
      parent_id: null as number | null,
      position: 1,
      attributes: [
        {
          key: 'brand',
          label: 'Brand',
          label_ar: 'العلامة التجارية',
          options: [{ value: 'apple', label: 'Apple', label_ar: 'أبل' }],
        },
      ],
      trade_kind: 'items',
    };
    const requests = fc.oneof(
      { arbitrary: hostileBody(valid).map((body) => ({ id: String(phonesId), body, raw: undefined })), weight: 4 },
      { arbitrary: pathId().map((id) => ({ id, body: valid, raw: undefined })), weight: 1 },
      { arbitrary: rawBody.map((raw) => ({ id: String(phonesId), body: undefined, raw })), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(requests, async ({ id, body, raw }) => {
        const url = `/api/admin/categories/${id}`;
        const response = raw
          ? await admin.client.request('PUT', url, raw.payload, { headers: { 'content-type': raw.contentType } })
          : await admin.client.request('PUT', url, body === undefined ? null : body);
        noServerError(response, `PUT ${url}`);
      }),
      fuzzSettings({ runs: 2 }),
    );
  });
});
