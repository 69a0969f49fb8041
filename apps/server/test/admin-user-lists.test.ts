import { randomBytes } from 'node:crypto';
import {
  ADMIN_USER_LISTS,
  ADMIN_USER_PAGE_LIST,
  type AdminUser,
  type AdminUserList,
  type AdminUserListPage,
  type AdminUserReport,
} from '@marketplace/contracts/staff';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { insertConversation, insertListing, insertOrder, insertUser } from './fixtures/back-office';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The lists of a person's page in the back-office (issue 29), past their first page: each list
 * walked with its cursors joins into exactly its rows, in its order, without a gap or a repeat,
 * whatever arrives meanwhile; reports that share a microsecond, or a millisecond, are told apart.
 */

let testApp: TestApp;
let moderator: StaffClient;
/** The person whose page is read, and the 24 people they dealt with. */
let subject: number;
let others: number[];

const db = () => testApp.database.db;
const OTHERS = 24;
/** More than a page of each list. */
const MANY = ADMIN_USER_PAGE_LIST + 4;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  moderator = await staffClient(testApp.app, 'moderator');
  subject = (await insertUser(db(), { first_name: 'Heavy', last_name: 'User' })).id;
  others = [];
  for (let index = 0; index < OTHERS; index += 1) others.push((await insertUser(db())).id);

  const own: number[] = [];
  for (let index = 0; index < MANY + 1; index += 1)
    own.push(await insertListing(db(), subject, { title: `Own ${index}` }));
  for (const [index, other] of others.entries()) {
    const theirs = await insertListing(db(), other, { title: `Theirs ${index}` });
    const ownListing = own[index] ?? own[0] ?? 0;
    await insertOrder(db(), { listingId: theirs, buyerId: subject, sellerId: other });
    await insertOrder(db(), { listingId: ownListing, buyerId: other, sellerId: subject });
    const conversation = await insertConversation(db(), { listingId: ownListing, buyerId: other, sellerId: subject });
    // Against them: their listing, the conversation (by the other side), themselves.
    await db()
      .insertInto('listing_reports')
      .values({ listing_id: ownListing, reporter_id: other, reason: 'scam' })
      .execute();
    await db()
      .insertInto('conversation_reports')
      .values({ conversation_id: conversation, reporter_id: other, reason: 'Rude', messages: '[]' })
      .execute();
    await db().insertInto('user_reports').values({ user_id: subject, reporter_id: other, reason: 'spam' }).execute();
    // Made by them: the other's listing, half the conversations, the other person.
    await db()
      .insertInto('listing_reports')
      .values({ listing_id: theirs, reporter_id: subject, reason: 'scam' })
      .execute();
    if (index % 2 === 0) {
      await db()
        .insertInto('conversation_reports')
        .values({ conversation_id: conversation, reporter_id: subject, reason: 'Pushy', messages: '[]' })
        .execute();
    }
    await db().insertInto('user_reports').values({ user_id: other, reporter_id: subject, reason: 'spam' }).execute();
  }
  // Most reports share one instant, some a millisecond but not a microsecond: the order falls to kind and id.
  for (const table of ['listing_reports', 'conversation_reports', 'user_reports'] as const) {
    await sql`update ${sql.table(table)} set created_at = timestamptz '2026-03-01 10:00:00.123456+00'
      + (id % 3) * interval '1 microsecond'`.execute(db());
  }
  // Live sessions, eight at a time begun in one millisecond (the page ends inside the third eight).
  const began = Date.now() - 60_000;
  await db()
    .insertInto('sessions')
    .values(
      Array.from({ length: MANY }, (_, index) => ({
        id: randomBytes(16).toString('hex'),
        user_id: subject,
        csrf_token: 'token',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
        created_at: new Date(began - Math.floor(index / 8) * 1000),
        last_activity_at: new Date(),
      })),
    )
    .execute();
});
afterAll(() => testApp.close());

const get = async <T>(url: string, client: BrowserLikeClient = moderator.client): Promise<T> => {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
};

/** Every row of a list: the page's first page, then each next page by its cursor. */
async function walk<L extends AdminUserList>(
  list: L,
): Promise<{ rows: AdminUserListPage<L>['data']; totals: number[] }> {
  const user = await get<AdminUser>(`/api/admin/users/${subject}`);
  let page = user[list] as AdminUserListPage<L>;
  const rows = [...page.data];
  const totals = [page.total];
  while (page.next_cursor !== null) {
    page = await get<AdminUserListPage<L>>(`/api/admin/users/${subject}/${list}?cursor=${page.next_cursor}`);
    expect(page.data.length).toBeGreaterThan(0);
    rows.push(...page.data);
    totals.push(page.total);
  }
  return { rows, totals };
}

/** Reports as the database orders them: newest to the microsecond, then listing, conversation, person, then newest id. */
async function reportsInOrder(which: { listing: string; conversation: string; user: string }): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`select key from (
      select r.created_at, 0 as rank, r.id, 'listing ' || r.id as key
        from listing_reports r join listings l on l.id = r.listing_id where ${sql.raw(which.listing)}
      union all
      select r.created_at, 1, r.id, 'conversation ' || r.id
        from conversation_reports r join conversations c on c.id = r.conversation_id where ${sql.raw(which.conversation)}
      union all
      select r.created_at, 2, r.id, 'user ' || r.id from user_reports r where ${sql.raw(which.user)}
    ) as reports order by created_at desc, rank, id desc`.execute(db());
  return rows.map((row) => row.key);
}

const keys = (reports: AdminUserReport[]) => reports.map((report) => `${report.kind} ${report.id}`);

describe('the lists of a person’s page, page after page', () => {
  it('join into every listing and order, newest first, each once, with the total on every page', async () => {
    const listings = await walk('listings');
    const ownIds = await db()
      .selectFrom('listings')
      .select('id')
      .where('seller_id', '=', subject)
      .orderBy('id', 'desc')
      .execute();
    expect(listings.rows.map((row) => row.id)).toEqual(ownIds.map((row) => row.id));
    expect(listings.rows.length).toBeGreaterThan(ADMIN_USER_PAGE_LIST);
    expect(new Set(listings.totals)).toEqual(new Set([ownIds.length]));

    for (const [list, side] of [
      ['purchases', 'buyer_id'],
      ['sales', 'seller_id'],
    ] as const) {
      const walked = await walk(list);
      const ids = await db()
        .selectFrom('orders')
        .select('id')
        .where(side, '=', subject)
        .orderBy('id', 'desc')
        .execute();
      expect(
        walked.rows.map((row) => row.id),
        list,
      ).toEqual(ids.map((row) => row.id));
      expect(ids).toHaveLength(OTHERS);
      expect(new Set(walked.totals)).toEqual(new Set([OTHERS]));
    }
  });

  it('join into every report of each report list, in order to the microsecond, each once', async () => {
    const me = String(subject);
    const expected = {
      conversation_reports: await reportsInOrder({
        listing: 'false',
        conversation: `${me} in (c.buyer_id, c.seller_id)`,
        user: 'false',
      }),
      reports_made: await reportsInOrder({
        listing: `r.reporter_id = ${me}`,
        conversation: `r.reporter_id = ${me}`,
        user: `r.reporter_id = ${me}`,
      }),
      reports_against: await reportsInOrder({
        listing: `l.seller_id = ${me}`,
        conversation: `${me} in (c.buyer_id, c.seller_id) and r.reporter_id is distinct from ${me}`,
        user: `r.user_id = ${me}`,
      }),
    };
    expect(expected.conversation_reports).toHaveLength(OTHERS + OTHERS / 2);
    expect(expected.reports_made).toHaveLength(OTHERS * 2 + OTHERS / 2);
    expect(expected.reports_against).toHaveLength(OTHERS * 3);
    for (const list of ['conversation_reports', 'reports_made', 'reports_against'] as const) {
      const walked = await walk(list);
      expect(keys(walked.rows), list).toEqual(expected[list]);
      expect(new Set(walked.totals), list).toEqual(new Set([expected[list].length]));
    }
  });

  it('join into every live session, newest first, those begun in one millisecond each once', async () => {
    const walked = await walk('sessions');
    expect(walked.rows).toHaveLength(MANY);
    expect(new Set(walked.totals)).toEqual(new Set([MANY]));
    const began = walked.rows.map((row) => row.signed_in_at);
    expect(began).toEqual([...began].sort((a, b) => b - a));
    // Nothing in a session's row or cursor finds the session.
    const ids = await db().selectFrom('sessions').select('id').where('user_id', '=', subject).execute();
    const user = await moderator.client.get(`/api/admin/users/${subject}`);
    const cursor = user.json<AdminUser>().sessions.next_cursor ?? '';
    for (const { id } of ids) {
      expect(user.body).not.toContain(id);
      expect(Buffer.from(cursor, 'base64url').toString()).not.toContain(id);
    }
  });

  it('goes on where it stopped when rows arrive between pages: no repeat, the new row on the next first page', async () => {
    const first = await get<AdminUser>(`/api/admin/users/${subject}`);
    const arrived = await insertListing(db(), subject, { title: 'Arrived meanwhile' });
    const next = await get<AdminUserListPage<'listings'>>(
      `/api/admin/users/${subject}/listings?cursor=${first.listings.next_cursor}`,
    );
    const seen = [...first.listings.data, ...next.data].map((row) => row.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(arrived);
    expect(next.total).toBe(first.listings.total + 1);
    expect((await get<AdminUser>(`/api/admin/users/${subject}`)).listings.data[0]?.id).toBe(arrived);
  });

  it('answers a list without a cursor with its first page, and an empty list of a person with none', async () => {
    const first = await get<AdminUserListPage<'reports_made'>>(`/api/admin/users/${subject}/reports_made`);
    expect(first.data).toEqual((await get<AdminUser>(`/api/admin/users/${subject}`)).reports_made.data);
    const quiet = await insertUser(db());
    for (const list of ADMIN_USER_LISTS) {
      expect(await get(`/api/admin/users/${quiet.id}/${list}`), list).toEqual({
        total: 0,
        data: [],
        next_cursor: null,
      });
    }
  });
});

describe('what the lists refuse', () => {
  it('is 422 on cursor for another list’s cursor, a forged or out-of-range one; 404 for an unknown list or person', async () => {
    const user = await get<AdminUser>(`/api/admin/users/${subject}`);
    const forge = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const refused = [
      // Another list's cursor, though a good one.
      ['purchases', user.listings.next_cursor],
      ['reports_made', user.reports_against.next_cursor],
      ['sessions', user.listings.next_cursor],
      ['listings', 'abc'],
      ['listings', '!!'],
      ['listings', 'x'.repeat(101)],
      ['listings', forge(['listings', 0])],
      ['listings', forge(['listings', 2147483648])],
      ['listings', forge(['listings', '5'])],
      ['listings', forge(['listings', 5, 6])],
      ['reports_made', forge(['reports_made', '1', 'listing'])],
      ['reports_made', forge(['reports_made', '99999999999999999999', 'listing', 1])],
      ['reports_made', forge(['reports_made', '-999999999999999999', 'listing', 1])],
      ['reports_made', forge(['reports_made', '1.5', 'listing', 1])],
      ['reports_made', forge(['reports_made', '1', 'order', 1])],
      // conversation_reports holds no listing reports: a cursor there is none of its own.
      ['conversation_reports', forge(['conversation_reports', '1', 'listing', 1])],
      ['sessions', forge(['sessions', 1e20, 'a'.repeat(22)])],
      ['sessions', forge(['sessions', 1, 'a'])],
    ] as const;
    for (const [list, cursor] of refused) {
      const response = await moderator.client.get(`/api/admin/users/${subject}/${list}?cursor=${cursor ?? ''}`);
      expect(response.statusCode, `${list} ${cursor}`).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['cursor']);
    }
    // The first and last instants a timestamptz holds are places like any other.
    for (const micros of ['-210866803200000000', '999999999999999999']) {
      const response = await moderator.client.get(
        `/api/admin/users/${subject}/reports_made?cursor=${forge(['reports_made', micros, 'user', 1])}`,
      );
      expect(response.statusCode, micros).toBe(200);
    }
    for (const url of [
      `/api/admin/users/${subject}/orders`,
      `/api/admin/users/${subject}/profile`,
      '/api/admin/users/2147483647/listings',
      '/api/admin/users/0/listings',
    ]) {
      expect((await moderator.client.get(url)).statusCode, url).toBe(404);
    }
  });

  it('is the site’s 404 to anyone without a staff role, and 403 to a member without the second factor', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: member } = await signedInClient(testApp.app);
    const nowhere = await member.get('/api/no-such-thing');
    for (const client of [visitor, member]) {
      const response = await client.get(`/api/admin/users/${subject}/reports_against`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(nowhere.body);
    }
    const pending = await staffClient(testApp.app, 'support', { secondFactor: false });
    expect((await pending.client.get(`/api/admin/users/${subject}/listings`)).statusCode).toBe(403);
  });
});
