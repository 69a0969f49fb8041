import type { AdminNewsletterIssue, NewsletterIssueSummary } from '@marketplace/contracts/newsletter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { staffClient, type StaffClient } from './fixtures/staff';
import { createTestApp, type TestApp } from './test-app';

/**
 * The newsletter's issues (issue 31, decision 040): staff only (404 to others, 403 to staff without
 * `newsletter.send`), every action audited; sending reaches each confirmed address once — across a
 * stop mid-way and with two senders at once — and nobody else; cancel stops what is not sent; the
 * archive shows what was sent; a user's place on the list follows their new address.
 */

let testApp: TestApp;
let admin: StaffClient;
const db = () => testApp.database.db;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await staffClient(testApp.app, 'admin');
});
afterAll(() => testApp.close());

const issueWords = {
  subject: 'Spring deals',
  subject_ar: 'عروض الربيع',
  body: '## New this week\n\nSee **the best** of [our listings](/search).\n\n<script>alert(1)</script>',
  body_ar: '## جديد هذا الأسبوع\n\nأفضل **العروض** هنا.',
  listing_ids: [],
};

let made = 0;
/** Subscribers in each standing; answers the confirmed ones' ids. */
async function subscribers(confirmed: number, others = true): Promise<number[]> {
  made += 1;
  const rows = Array.from({ length: confirmed }, (_, index) => ({
    email: `list${made}-${index}@example.com`,
    locale: index % 2 === 0 ? ('en' as const) : ('ar' as const),
    status: 'confirmed' as const,
    confirmed_at: new Date(),
  }));
  if (others) {
    rows.push(
      { email: `pending${made}@example.com`, locale: 'ar', status: 'pending' as never, confirmed_at: new Date() },
      { email: `left${made}@example.com`, locale: 'en', status: 'unsubscribed' as never, confirmed_at: new Date() },
    );
  }
  const inserted = await db().insertInto('newsletter_subscribers').values(rows).returning(['id', 'status']).execute();
  return inserted.filter((row) => row.status === 'confirmed').map((row) => row.id);
}

/** Everyone else leaves the list, so each test counts its own subscribers. */
const emptyList = () => db().updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).execute();

async function draft(): Promise<AdminNewsletterIssue> {
  const response = await admin.client.post('/api/admin/newsletter/issues', issueWords);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: AdminNewsletterIssue }>().data;
}

async function send(id: number): Promise<AdminNewsletterIssue> {
  const response = await admin.client.post(`/api/admin/newsletter/issues/${id}/send`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminNewsletterIssue }>().data;
}

/** The outbox rows of an issue, by recipient: each address must appear once. */
const copiesOf = (issueId: number) =>
  db()
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'locale', 'status'])
    .where('template', '=', 'newsletter.issue')
    .where('idempotency_key', 'like', `address:newsletter-issue:${issueId}:%`)
    .execute();

const auditActions = async (id: number) =>
  (
    await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'newsletter')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

describe('who may', () => {
  it('answers 404 to visitors and users, 403 to staff without newsletter.send', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: user } = await signedInClient(testApp.app);
    const moderator = await staffClient(testApp.app, 'moderator');
    for (const client of [visitor, user]) {
      expect((await client.get('/api/admin/newsletter/issues')).statusCode).toBe(404);
      expect((await client.post('/api/admin/newsletter/issues', issueWords)).statusCode).toBe(404);
    }
    expect((await moderator.client.get('/api/admin/newsletter/issues')).statusCode).toBe(403);
  });
});

describe('sending an issue', () => {
  it('reaches each confirmed address once, in its language, across a stop mid-way, and never the unconfirmed', async () => {
    await emptyList();
    const confirmed = await subscribers(7);
    const issue = await draft();
    const edited = await admin.client.put(`/api/admin/newsletter/issues/${issue.id}`, {
      ...issueWords,
      subject: 'Spring deals!',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await admin.client.post(`/api/admin/newsletter/issues/${issue.id}/test`, { locales: ['ar'] })).statusCode,
    ).toBe(202);
    const sending = await send(issue.id);
    expect(sending.status).toBe('sending');
    expect(sending.progress.total).toBe(7);

    // A sender hands over two batches of three, then its process stops; another carries on.
    const first = testApp.app.newsletter.newSender(0, 3);
    await first.batch();
    await first.batch();
    expect(await copiesOf(issue.id)).toHaveLength(6);
    const second = testApp.app.newsletter.newSender(0, 3);
    await second.runOnce();
    const copies = await copiesOf(issue.id);
    expect(copies).toHaveLength(7);
    expect(new Set(copies.map((copy) => copy.recipient)).size).toBe(7);
    expect(copies.map((copy) => copy.recipient).some((address) => /pending|left/.test(address))).toBe(false);

    const arabic = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', copies[1]?.id ?? 0)
      .executeTakeFirstOrThrow();
    const mail = await testApp.app.notifications.compose(arabic);
    expect(arabic.locale).toBe('ar');
    expect(mail.subject).toContain('عروض الربيع');
    expect((mail.headers as Record<string, string>)['List-Unsubscribe']).toMatch(
      /\/api\/newsletter\/unsubscribe\?token=/,
    );
    expect(mail.html).toContain(`/newsletter/${issue.id}`);
    const english = await testApp.app.notifications.compose(
      await db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', copies[0]?.id ?? 0)
        .executeTakeFirstOrThrow(),
    );
    expect(english.html).toContain('<strong>the best</strong>');
    expect(english.html).toContain('&lt;script&gt;');
    expect(english.html).not.toContain('<script>');

    await testApp.app.notifications.worker.runOnce();
    await second.runOnce();
    const done = (await admin.client.get(`/api/admin/newsletter/issues/${issue.id}`)).json<{
      data: AdminNewsletterIssue;
    }>().data;
    expect(done.status).toBe('sent');
    expect(done.progress).toMatchObject({ total: 7, queued: 7, sent: 7, failed: 0, skipped: 0 });
    expect(confirmed).toHaveLength(7);
    expect(await auditActions(issue.id)).toEqual([
      'newsletter.create',
      'newsletter.edit',
      'newsletter.test',
      'newsletter.send',
    ]);

    // A sent issue does not change, and is not sent twice.
    expect((await admin.client.put(`/api/admin/newsletter/issues/${issue.id}`, issueWords)).statusCode).toBe(409);
    expect((await admin.client.post(`/api/admin/newsletter/issues/${issue.id}/send`)).statusCode).toBe(409);

    // The archive lists it, in the reader's language, and its page comes with it.
    const reader = new BrowserLikeClient(testApp.app, { 'accept-language': 'ar' });
    const list = (await reader.get('/api/newsletter/issues')).json<{ data: NewsletterIssueSummary[] }>().data;
    expect(list[0]).toMatchObject({ id: issue.id, subject: 'عروض الربيع' });
    const page = await reader.visit(`/newsletter/${issue.id}`);
    expect(page.statusCode, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain('عروض الربيع');
    expect((await reader.visit(`/newsletter/${issue.id + 1000}`)).statusCode).toBe(404);
  });

  it('sends each address once with two senders at once', async () => {
    await emptyList();
    await subscribers(40, false);
    const issue = await draft();
    await send(issue.id);
    const [a, b] = [testApp.app.newsletter.newSender(0, 4), testApp.app.newsletter.newSender(0, 4)];
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await a.runOnce();
    const copies = await copiesOf(issue.id);
    expect(copies).toHaveLength(40);
    expect(new Set(copies.map((copy) => copy.recipient)).size).toBe(40);
  });

  it('cancel stops what is not sent, and takes back what waits in the outbox', async () => {
    await emptyList();
    await subscribers(10, false);
    const issue = await draft();
    await send(issue.id);
    await testApp.app.newsletter.newSender(0, 4).batch();
    const cancelled = await admin.client.post(`/api/admin/newsletter/issues/${issue.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json<{ data: AdminNewsletterIssue }>().data;
    expect(after.status).toBe('cancelled');
    expect(after.progress).toMatchObject({ total: 10, skipped: 10, sent: 0 });
    await testApp.app.newsletter.newSender(0, 4).runOnce();
    expect(await copiesOf(issue.id)).toHaveLength(0);
    expect((await admin.client.post(`/api/admin/newsletter/issues/${issue.id}/cancel`)).statusCode).toBe(409);
    expect(await auditActions(issue.id)).toEqual(['newsletter.create', 'newsletter.send', 'newsletter.cancel']);
  });
});

describe('a user who changes their address', () => {
  it('keeps their place on the list at the new address', async () => {
    const { user } = await signedInClient(testApp.app);
    const from = `mover-${Date.now()}@example.com`;
    await db()
      .insertInto('newsletter_subscribers')
      .values({ email: from, locale: 'en', status: 'confirmed', user_id: user.id })
      .execute();
    const to = `moved-${Date.now()}@example.com`;
    await testApp.app.events.run((unit) => unit.emit('account.email-changed', { userId: user.id, from, to }));
    const row = await db()
      .selectFrom('newsletter_subscribers')
      .select(['email', 'status'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: to, status: 'confirmed' });
  });
});
