import { listingSlug } from '@marketplace/contracts';
import type { AdminUser, AdminUsersPage } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BrowserLikeClient,
  followVerificationLink,
  signedInClient,
  validRegistration,
  verificationTokenOf,
} from './browser-like-client';
import { insertConversation, insertListing, insertOrder, insertUser } from './fixtures/back-office';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { grantRole, staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

/**
 * The back-office's users (issue 29): search by name, e-mail or id; one person's page; resending the
 * verification e-mail and ending every session, each with its audit row; who may do which.
 */

let testApp: TestApp;
let support: StaffClient;
let moderator: StaffClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  [support, moderator] = await Promise.all([
    staffClient(testApp.app, 'support'),
    staffClient(testApp.app, 'moderator'),
  ]);
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A person who registers on `userAgent`'s browser and stays signed in there (address not verified). */
async function registered(userAgent = IPHONE, overrides: Record<string, unknown> = {}) {
  const client = new BrowserLikeClient(testApp.app, { 'user-agent': userAgent });
  await client.visit('/');
  const registration = validRegistration(overrides);
  const response = await client.post('/register', registration);
  if (response.statusCode !== 201) throw new Error(`registration: ${response.body}`);
  return { client, registration, id: response.json<{ data: { id: number } }>().data.id };
}

const search = async (client: BrowserLikeClient, query: string) => {
  const response = await client.get(`/api/admin/users?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUsersPage>();
};

const page = async (id: number) => {
  const response = await support.client.get(`/api/admin/users/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUser>();
};

const auditOf = (action: string, targetId: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

describe('who may look people up and act for them', () => {
  it('answers visitors and ordinary users as an address that does not exist', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: user } = await signedInClient(testApp.app);
    const nowhere = await user.get('/api/no-such-thing');
    for (const client of [visitor, user]) {
      for (const [method, url] of [
        ['GET', '/api/admin/users?q=a'],
        ['GET', '/api/admin/users/1'],
        ['POST', '/api/admin/users/1/verification'],
        ['DELETE', '/api/admin/users/1/sessions'],
      ] as const) {
        const response = await client.request(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).toBe(nowhere.body);
      }
    }
  });

  it('lets a moderator read but not act (403), and a member without the second factor nothing', async () => {
    const subject = await insertUser(db());
    expect((await moderator.client.get('/api/admin/users')).statusCode).toBe(200);
    expect((await moderator.client.get(`/api/admin/users/${subject.id}`)).statusCode).toBe(200);
    expect((await moderator.client.post(`/api/admin/users/${subject.id}/verification`)).statusCode).toBe(403);
    expect((await moderator.client.request('DELETE', `/api/admin/users/${subject.id}/sessions`)).statusCode).toBe(403);
    const pending = await staffClient(testApp.app, 'admin', { secondFactor: false });
    expect((await pending.client.get('/api/admin/users')).statusCode).toBe(403);
    // Refused, nothing was sent.
    const mails = await db().selectFrom('mail_outbox').select('id').where('user_id', '=', subject.id).execute();
    expect(mails).toEqual([]);
  });
});

describe('searching users', () => {
  it('finds a person by any part of the name in any case, by the start of the e-mail address, and by id', async () => {
    const zainab = await insertUser(db(), {
      first_name: 'Zainab',
      last_name: 'Al-Qasimi',
      email: 'zq.search@example.com',
    });
    const other = await insertUser(db(), { first_name: 'Omar', last_name: 'Farouk', email: 'omar.search@example.com' });
    const ids = (result: AdminUsersPage) => result.data.map((row) => row.id);

    expect(ids(await search(support.client, 'q=QASIM'))).toEqual([zainab.id]);
    expect(ids(await search(support.client, 'q=nab%20al'))).toEqual([zainab.id]);
    expect(ids(await search(support.client, 'q=ZQ.SE'))).toEqual([zainab.id]);
    expect(ids(await search(support.client, 'q=omar.'))).toEqual([other.id]);
    // The middle of an address is no match: addresses match from their start.
    expect(ids(await search(support.client, 'q=search%40example'))).toEqual([]);
    expect(ids(await search(support.client, `q=${zainab.id}`))).toContain(zainab.id);
    // Typed text is matched as it is, never as a pattern.
    expect(ids(await search(support.client, 'q=%25%25%25'))).toEqual([]);
    expect(ids(await search(support.client, 'q=z_.search'))).toEqual([]);
  });

  it('shows each row’s type, joining, verification, role, suspension and deletion', async () => {
    const member = await insertUser(db(), { first_name: 'Rowan', last_name: 'Rowcheck', account_type: 'company' });
    await grantRole(testApp.app, member.id, 'moderator');
    const until = new Date(Date.now() + 7 * 24 * 3600_000);
    await db()
      .updateTable('users')
      .set({
        suspended_at: new Date(),
        suspended_until: until,
        suspension_reason: 'spam',
        email_verified_at: new Date(),
      })
      .where('id', '=', member.id)
      .execute();
    const gone = await insertUser(db(), { first_name: 'Rowena', last_name: 'Rowcheck' });
    await db().updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();

    const { data } = await search(support.client, 'q=rowcheck');
    expect(data.map((row) => row.id)).toEqual([gone.id, member.id]);
    expect(data[1]).toMatchObject({
      name: 'Rowan Rowcheck',
      email: member.email,
      account_type: 'company',
      verified: true,
      role: 'moderator',
      suspension: { until: until.getTime(), reason: 'spam' },
      deleted_at: null,
    });
    expect(data[0]).toMatchObject({
      verified: false,
      role: null,
      suspension: null,
      deleted_at: expect.any(Number) as number,
    });
  });

  it('pages newest first with a cursor, and refuses a cursor, limit or text out of range (422)', async () => {
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await insertUser(db(), { last_name: 'Pagewalker' }));
    const first = await search(support.client, 'q=pagewalker&limit=2');
    expect(first.data.map((row) => row.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(first.next_cursor).not.toBeNull();
    const second = await search(support.client, `q=pagewalker&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((row) => row.id)).toEqual([made[0]?.id]);
    expect(second.next_cursor).toBeNull();

    for (const query of ['cursor=abc', 'cursor=0', 'limit=0', 'limit=51', `q=${'x'.repeat(101)}`, 'q=%00']) {
      const response = await support.client.get(`/api/admin/users?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('one person’s page', () => {
  it('holds the profile, listings, orders on both sides, reports made and against, and live sessions', async () => {
    const subject = await registered(IPHONE, { first_name: 'Layth', last_name: 'Subject' });
    const other = await insertUser(db(), { first_name: 'Hana', last_name: 'Other' });
    await grantRole(testApp.app, subject.id, 'support');
    const own = await insertListing(db(), subject.id, { title: 'Subject’s own phone', price: 180_000 });
    const draft = await insertListing(db(), subject.id, { status: 'draft', title: 'Half-written' });
    const theirs = await insertListing(db(), other.id, { title: 'Other’s camera' });
    const sale = await insertOrder(db(), { listingId: own, buyerId: other.id, sellerId: subject.id, price: 170_000 });
    const purchase = await insertOrder(db(), {
      listingId: theirs,
      buyerId: subject.id,
      sellerId: other.id,
      price: 90_000,
      quantity: 2,
    });
    const conversation = await insertConversation(db(), { listingId: own, buyerId: other.id, sellerId: subject.id });
    const reports = await db()
      .insertInto('conversation_reports')
      .values([
        { conversation_id: conversation, reporter_id: other.id, reason: 'Rude replies', messages: '[]' },
        { conversation_id: conversation, reporter_id: subject.id, reason: 'Asks for my number', messages: '[]' },
      ])
      .returning('id')
      .execute();
    const onTheirListing = await db()
      .insertInto('listing_reports')
      .values({ listing_id: own, reporter_id: other.id, reason: 'misleading' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byThem = await db()
      .insertInto('listing_reports')
      .values({ listing_id: theirs, reporter_id: subject.id, reason: 'scam' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const aboutThem = await db()
      .insertInto('user_reports')
      .values({ user_id: subject.id, reporter_id: other.id, reason: 'harassment' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const user = await page(subject.id);
    expect(user.profile).toMatchObject({
      id: subject.id,
      first_name: 'Layth',
      last_name: 'Subject',
      email: subject.registration.email.toLowerCase(),
      account_type: 'individual',
      company: null,
      verified_at: null,
      deleted_at: null,
      suspension: null,
      role: 'support',
    });
    expect(user.listings.total).toBe(2);
    expect(user.listings.data.map((listing) => [listing.id, listing.status, listing.slug])).toEqual([
      [draft, 'draft', null],
      [own, 'active', listingSlug('Subject’s own phone')],
    ]);
    expect(user.sales.data).toEqual([
      expect.objectContaining({
        id: sale,
        listing: { id: own, title: 'Subject’s own phone' },
        other: { id: other.id, name: 'Hana Other' },
        amount_fils: 170_000,
      }),
    ]);
    expect(user.purchases.data).toEqual([expect.objectContaining({ id: purchase, amount_fils: 180_000 })]);
    expect(user.conversation_reports.data.map((report) => report.id).sort()).toEqual(
      reports.map((row) => row.id).sort(),
    );
    expect(user.reports_made.data.map((report) => [report.kind, report.id])).toEqual(
      expect.arrayContaining([
        ['listing', byThem.id],
        ['conversation', reports[1]?.id],
      ]),
    );
    expect(user.reports_made.data).toHaveLength(2);
    expect(user.reports_made.total).toBe(2);
    expect(user.reports_against.data.map((report) => [report.kind, report.id, report.reporter?.id])).toEqual(
      expect.arrayContaining([
        ['listing', onTheirListing.id, other.id],
        ['conversation', reports[0]?.id, other.id],
        ['user', aboutThem.id, other.id],
      ]),
    );
    expect(user.reports_against.data).toHaveLength(3);
    expect(user.reports_against.total).toBe(3);
    expect(user.reports_against.data.find((report) => report.kind === 'listing')).toMatchObject({
      target_id: own,
      target: 'Subject’s own phone',
      reason: 'misleading',
      resolved_at: null,
    });
    // The session they registered in, as its browser named itself; nothing that finds the session.
    expect(user.sessions.data).toEqual([expect.objectContaining({ device: 'phone', browser: 'Safari', os: 'iOS' })]);
    const body = JSON.stringify(user);
    for (const row of await db().selectFrom('sessions').select('id').where('user_id', '=', subject.id).execute()) {
      expect(body).not.toContain(row.id);
    }
    expect(body).not.toContain(subject.client.sessionCookie);
  });

  it('shows a deleted account as deleted, and answers 404 for an id nobody has', async () => {
    const gone = await insertUser(db());
    await db()
      .updateTable('users')
      .set({ deleted_at: new Date(), first_name: '', last_name: '' })
      .where('id', '=', gone.id)
      .execute();
    expect((await page(gone.id)).profile.deleted_at).toEqual(expect.any(Number));
    for (const id of ['2147483647', '0', 'abc', '2147483648']) {
      expect((await support.client.get(`/api/admin/users/${id}`)).statusCode, id).toBe(404);
    }
  });
});

describe('resending the verification e-mail', () => {
  it('e-mails a new link in their language that verifies the address, then is 409 for the verified address', async () => {
    const subject = await registered();
    await db().updateTable('users').set({ locale: 'ar' }).where('id', '=', subject.id).execute();
    const registrationLink = await verificationTokenOf(testApp.app, subject.id);
    await db().deleteFrom('mail_outbox').where('user_id', '=', subject.id).execute();

    const sent = await support.client.post(`/api/admin/users/${subject.id}/verification`);
    expect(sent.statusCode, sent.body).toBe(204);
    const mails = await db().selectFrom('mail_outbox').selectAll().where('user_id', '=', subject.id).execute();
    expect(mails.map((mail) => [mail.template, mail.recipient, mail.locale])).toEqual([
      ['account.verifyEmail', subject.registration.email.toLowerCase(), 'ar'],
    ]);
    // A new link: the registration's stops working, the new one proves the address.
    expect(await verificationTokenOf(testApp.app, subject.id)).not.toBe(registrationLink);
    await followVerificationLink(testApp.app, subject.client, subject.id);
    expect((await page(subject.id)).profile.verified_at).toEqual(expect.any(Number));

    const again = await support.client.post(`/api/admin/users/${subject.id}/verification`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/verified already/);

    const audit = await auditOf('user.resend-verification', subject.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: support.user.id,
      actor_role: 'support',
      target_type: 'user',
      before: { email: subject.registration.email.toLowerCase(), verified: false },
      after: { verification_sent: true },
    });
  });

  it('is 409 for a deleted account and 404 for an unknown one', async () => {
    const gone = await insertUser(db());
    await db().updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    expect((await support.client.post(`/api/admin/users/${gone.id}/verification`)).statusCode).toBe(409);
    expect((await support.client.post('/api/admin/users/2147483647/verification')).statusCode).toBe(404);
    expect(await auditOf('user.resend-verification', gone.id)).toEqual([]);
  });
});

describe('ending every session of a person', () => {
  it('signs them out on every device (their next request is 401) and closes their real-time connections', async () => {
    const subject = await registered();
    const laptop = new BrowserLikeClient(testApp.app);
    await laptop.visit('/login');
    const login = await laptop.post('/login', {
      email: subject.registration.email,
      password: subject.registration.password,
    });
    expect(login.statusCode).toBe(200);
    const ended: string[] = [];
    testApp.app.sessions.onSessionEnded((id) => ended.push(id));
    const sessionIds = (await db().selectFrom('sessions').select('id').where('user_id', '=', subject.id).execute()).map(
      (row) => row.id,
    );
    expect(sessionIds).toHaveLength(2);

    const response = await support.client.request('DELETE', `/api/admin/users/${subject.id}/sessions`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signed_out: 2 });
    expect((await subject.client.get('/user')).statusCode).toBe(401);
    expect((await laptop.get('/user')).statusCode).toBe(401);
    // What closes their sockets heard of both sessions' end.
    expect(ended).toEqual(expect.arrayContaining(sessionIds));
    expect((await page(subject.id)).sessions).toEqual({ total: 0, data: [], next_cursor: null });
    // The member who did it is still signed in.
    expect((await support.client.get('/api/admin/session')).statusCode).toBe(200);

    const audit = await auditOf('user.end-sessions', subject.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: support.user.id, before: { sessions: 2 }, after: { sessions: 0 } });
    // Nobody left to sign out: nothing ended.
    const again = await support.client.request('DELETE', `/api/admin/users/${subject.id}/sessions`);
    expect(again.json()).toEqual({ signed_out: 0 });
    expect((await support.client.request('DELETE', '/api/admin/users/2147483647/sessions')).statusCode).toBe(404);
  });
});
