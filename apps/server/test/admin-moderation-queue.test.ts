import { MODERATION_LIMITS, type QueueItem } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createCatalogueTestApp, seller, type Seller } from './fixtures/catalogue';
import {
  actOn,
  insertListing,
  insertListingReports,
  insertUsers,
  queueOf,
  targetOf,
  titledListing,
  uniqueWord,
} from './fixtures/moderation';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

let testApp: TestApp;
let moderator: StaffClient;
let support: StaffClient;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  moderator = await staffClient(testApp.app, 'moderator');
  support = await staffClient(testApp.app, 'support');
  owner = await seller(testApp);
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

/** Every page of the queue (of one type), following next_cursor: the items in order, and the pages' sizes. */
async function wholeQueue(client: BrowserLikeClient, type?: string) {
  const items: QueueItem[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...(type && { type }), ...(cursor && { cursor }) });
    const response = await client.get(`/api/admin/moderation?${query.toString()}`);
    expect(response.statusCode).toBe(200);
    const page = queueOf(response);
    items.push(...page.data);
    sizes.push(page.data.length);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { items, sizes };
}

const keyOf = (item: { type: string; id: number }) => `${item.type}:${item.id}`;

describe('the moderation queue', () => {
  it('groups open reports per target: the most reported first, then the one waiting longest', async () => {
    const reporters = await insertUsers(db(), 4);
    const [a, b, c, d] = reporters as [number, number, number, number];
    const threeRecent = await insertListing(testApp, owner.id, 'Three recent reports');
    const threeOld = await insertListing(testApp, owner.id, 'Three old reports');
    const one = await insertListing(testApp, owner.id, 'One report');
    await insertListingReports(db(), threeRecent, [a, b, c], { minutesAgo: 10 });
    await insertListingReports(db(), threeOld, [a, b], { minutesAgo: 30, reason: 'counterfeit' });
    await insertListingReports(db(), threeOld, [c], { minutesAgo: 20, reason: 'scam' });
    await insertListingReports(db(), one, [d], { minutesAgo: 60 });
    // A person reported twice, the first 40 minutes ago: two reports, older than any listing's but one.
    const [person] = await insertUsers(db(), 1, 'reported');
    await db()
      .insertInto('user_reports')
      .values([
        {
          user_id: person as number,
          reporter_id: a,
          reason: 'harassment',
          created_at: new Date(Date.now() - 40 * 60_000),
        },
        { user_id: person as number, reporter_id: b, reason: 'spam', created_at: new Date(Date.now() - 5 * 60_000) },
      ])
      .execute();
    // A resolved report counts for nothing.
    await db()
      .insertInto('user_reports')
      .values({
        user_id: person as number,
        reporter_id: c,
        reason: 'spam',
        resolved_at: new Date(),
        outcome: 'dismissed',
      })
      .execute();

    const mine = new Set([`listing:${threeRecent}`, `listing:${threeOld}`, `listing:${one}`, `user:${person}`]);
    const { items } = await wholeQueue(moderator.client);
    const ours = items.filter((item) => mine.has(keyOf(item)));
    expect(ours.map(keyOf)).toEqual([
      `listing:${threeOld}`,
      `listing:${threeRecent}`,
      `user:${person}`,
      `listing:${one}`,
    ]);
    const [first, , personItem] = ours;
    expect(first).toMatchObject({
      title: 'Three old reports',
      owner: { id: owner.id, name: 'Amira Saleh' },
      open_reports: 3,
      // Most frequent first.
      reasons: ['counterfeit', 'scam'],
    });
    expect(first?.oldest_report_at).toBeLessThan(first?.newest_report_at ?? 0);
    expect(Date.now() - (first?.oldest_report_at ?? 0)).toBeGreaterThan(29 * 60_000);
    expect(personItem).toMatchObject({
      type: 'user',
      title: 'Reporter No 1',
      owner: { id: person, name: 'Reporter No 1' },
      open_reports: 2,
      reasons: ['harassment', 'spam'],
    });
  });

  it('pages through every target once, in order, ties and all, and filters by type with counts per type', async () => {
    // 30 listings each reported once at the very same instant: only the type and id order them.
    const [reporter] = await insertUsers(db(), 1);
    const at = new Date(Date.now() - 90 * 60_000);
    const listings: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      listings.push(await insertListing(testApp, owner.id, `Tied ${index}`));
    }
    await db()
      .insertInto('listing_reports')
      .values(
        listings.map((id) => ({
          listing_id: id,
          reporter_id: reporter as number,
          reason: 'duplicate',
          created_at: at,
        })),
      )
      .execute();

    const all = await wholeQueue(moderator.client);
    expect(all.sizes.slice(0, -1).every((size) => size === MODERATION_LIMITS.pageSize)).toBe(true);
    const keys = all.items.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    // The order the queue promises, checked pairwise across page boundaries.
    for (let index = 1; index < all.items.length; index += 1) {
      const [before, after] = [all.items[index - 1] as QueueItem, all.items[index] as QueueItem];
      const order =
        after.open_reports - before.open_reports ||
        before.oldest_report_at - after.oldest_report_at ||
        before.type.localeCompare(after.type) ||
        before.id - after.id;
      expect(order, `${keyOf(before)} before ${keyOf(after)}`).toBeLessThan(0);
    }
    const tied = all.items.filter((item) => listings.includes(item.id) && item.type === 'listing');
    expect(tied.map((item) => item.id)).toEqual([...listings].sort((x, y) => x - y));

    const onlyListings = await wholeQueue(moderator.client, 'listing');
    expect(onlyListings.items.every((item) => item.type === 'listing')).toBe(true);
    expect(onlyListings.items.map(keyOf)).toEqual(all.items.filter((item) => item.type === 'listing').map(keyOf));
    const first = queueOf(await moderator.client.get('/api/admin/moderation'));
    const open = (type: string) =>
      all.items.filter((item) => item.type === type).reduce((sum, item) => sum + item.open_reports, 0);
    expect(first.counts).toEqual({ listing: open('listing'), conversation: open('conversation'), user: open('user') });
  });

  it('answers a cursor it did not make, or a type it does not know, with 422', async () => {
    for (const query of [
      'cursor=nonsense!',
      `cursor=${Buffer.from('[1,"2",3]').toString('base64url')}`,
      `cursor=${Buffer.from('[1,"99999999999999999","listing",1]').toString('base64url')}`,
      `cursor=${Buffer.from('[0,"0","listing",1]').toString('base64url')}`,
      `cursor=${Buffer.from('[1,"0","order",1]').toString('base64url')}`,
      'type=order',
    ]) {
      const response = await moderator.client.get(`/api/admin/moderation?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    const fine = `cursor=${Buffer.from('[1,"0","listing",1]').toString('base64url')}`;
    expect((await moderator.client.get(`/api/admin/moderation?${fine}`)).statusCode).toBe(200);
  });
});

describe('who may see and act on it', () => {
  it('is not there for visitors and users; support reads it but may not act; moderators act', async () => {
    const listing = await insertListing(testApp, owner.id, 'Permissions');
    const [reporter] = await insertUsers(db(), 1);
    await insertListingReports(db(), listing, [reporter as number]);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: user } = await signedInClient(testApp.app);
    const nowhere = await user.get('/api/no-such-thing');
    const routes = [
      ['GET', '/api/admin/moderation'],
      ['GET', `/api/admin/moderation/listing/${listing}`],
      ['POST', `/api/admin/moderation/listing/${listing}/actions`],
    ] as const;
    const body = { action: 'dismiss', reason: 'no_violation' };
    for (const client of [visitor, user]) {
      for (const [method, url] of routes) {
        const response = await client.request(method, url, method === 'POST' ? body : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).toBe(nowhere.body);
      }
    }
    // Staff whose session has not passed the second factor: 403, saying so.
    const early = await staffClient(testApp.app, 'moderator', { secondFactor: false });
    for (const [method, url] of routes) {
      const response = await early.client.request(method, url, method === 'POST' ? body : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ second_factor: 'setup_required' });
    }
    expect((await support.client.get('/api/admin/moderation')).statusCode).toBe(200);
    expect((await support.client.get(`/api/admin/moderation/listing/${listing}`)).statusCode).toBe(200);
    const refused = await actOn(support.client, 'listing', listing, body);
    expect(refused.statusCode).toBe(403);
    expect(await db().selectFrom('audit_log').select('id').where('target_id', '=', listing).execute()).toEqual([]);
    const done = await actOn(moderator.client, 'listing', listing, body);
    expect(done.statusCode).toBe(200);
    expect(targetOf(done).reports[0]).toMatchObject({ outcome: 'dismissed' });
  });
});

describe('one target’s screen', () => {
  it('is 404 for a target that does not exist, of any type, or a type that is none', async () => {
    for (const url of [
      '/api/admin/moderation/listing/2147483647',
      '/api/admin/moderation/user/2147483647',
      '/api/admin/moderation/conversation/2147483647',
      '/api/admin/moderation/order/1',
      '/api/admin/moderation/listing/0',
      '/api/admin/moderation/listing/2147483648',
    ]) {
      expect((await moderator.client.get(url)).statusCode, url).toBe(404);
    }
    const missing = await actOn(moderator.client, 'user', 2147483647, { action: 'warn', reason: 'spam' });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a person nobody reported (opened from the users screen), with what can be done to them', async () => {
    const { user } = await signedInClient(testApp.app, { first_name: 'Nadia', last_name: 'Karim' });
    const response = await moderator.client.get(`/api/admin/moderation/user/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(targetOf(response)).toMatchObject({
      type: 'user',
      id: user.id,
      title: 'Nadia Karim',
      path: `/users/${user.id}`,
      state: 'active',
      moderation_reason: null,
      owner: { id: user.id, name: 'Nadia Karim', suspended: false, suspended_until: null },
      reports: [],
      history: [],
      owner_other_reports: [],
      // Nothing to dismiss; nobody to lift.
      actions: ['warn', 'suspend'],
    });
  });

  it('shows a listing’s reports newest first, its history, and its owner’s other reported things', async () => {
    const word = uniqueWord();
    const listing = await titledListing(owner, word);
    const other = await insertListing(testApp, owner.id, 'Another of theirs');
    const [first, second] = await insertUsers(db(), 2);
    await insertListingReports(db(), listing.id, [first as number], { minutesAgo: 5 });
    await db()
      .insertInto('listing_reports')
      .values({ listing_id: listing.id, reporter_id: second as number, reason: 'other', details: 'Fake photos.' })
      .execute();
    await insertListingReports(db(), other, [first as number], { minutesAgo: 50, reason: 'duplicate' });
    await db()
      .insertInto('user_reports')
      .values({ user_id: owner.id, reporter_id: first as number, reason: 'scam' })
      .execute();

    const target = targetOf(await moderator.client.get(`/api/admin/moderation/listing/${listing.id}`));
    expect(target).toMatchObject({
      type: 'listing',
      title: `Phone ${word} in good order`,
      path: `/items/${listing.id}/${listing.slug}`,
      state: 'active',
      owner: { id: owner.id, name: 'Amira Saleh', suspended: false },
      actions: ['dismiss', 'remove', 'warn', 'suspend'],
    });
    expect(
      target.reports.map((report) => [report.reporter?.id, report.reason, report.details, report.outcome]),
    ).toEqual([
      [second, 'other', 'Fake photos.', null],
      [first, 'scam', null, null],
    ]);
    expect(target.owner_other_reports).toEqual(
      expect.arrayContaining([
        { type: 'listing', id: other, title: 'Another of theirs', open_reports: 1, reports: 1 },
        { type: 'user', id: owner.id, title: 'Amira Saleh', open_reports: 1, reports: 1 },
      ]),
    );
    expect(target.owner_other_reports.some((each) => each.type === 'listing' && each.id === listing.id)).toBe(false);
  });
});

describe('reporting a person', () => {
  const report = (client: BrowserLikeClient, id: number | string, body: unknown) =>
    client.request('POST', `/api/users/${id}/report`, body);

  it('keeps one report per reporter and person for the queue; a repeat, or oneself, is a 409 that says so', async () => {
    const reported = await seller(testApp);
    const { client, user } = await signedInClient(testApp.app);
    const response = await report(client, reported.id, { reason: 'other', details: '  Threatened me on the phone.  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { user_id: reported.id, reason: 'other' } });
    const rows = await db()
      .selectFrom('user_reports')
      .select(['reporter_id', 'reason', 'details'])
      .where('user_id', '=', reported.id)
      .execute();
    expect(rows).toEqual([{ reporter_id: user.id, reason: 'other', details: 'Threatened me on the phone.' }]);
    const again = await report(client, reported.id, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already reported this person. Thank you: we are reviewing it.',
    });
    const self = await report(client, user.id, { reason: 'spam' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot report yourself.' });
    // It is in the queue, as a person with one report.
    const queue = queueOf(await moderator.client.get('/api/admin/moderation?type=user'));
    expect(queue.data.find((item) => item.id === reported.id)).toMatchObject({ open_reports: 1, reasons: ['other'] });
  });

  it('is 404 for nobody or a deleted account, 422 without a reason, 403 before the address is verified', async () => {
    const { client } = await signedInClient(testApp.app);
    expect((await report(client, 2147483647, { reason: 'spam' })).statusCode).toBe(404);
    expect((await report(client, 'x', { reason: 'spam' })).statusCode).toBe(404);
    const gone = await signedInClient(testApp.app);
    expect((await gone.client.post('/api/account/delete', { password: 'correct horse battery' })).statusCode).toBe(204);
    expect((await report(client, gone.user.id, { reason: 'spam' })).statusCode).toBe(404);
    const noReason = await report(client, owner.id, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ errors: { reason: ['Choose why you are reporting this person.'] } });
    expect((await report(client, owner.id, { reason: 'other' })).statusCode).toBe(422);
    const unverified = await signedInClient(testApp.app, {}, { verified: false });
    const refused = await report(unverified.client, owner.id, { reason: 'spam' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/^Verify your e-mail address before reporting/);
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    expect((await report(visitor, owner.id, { reason: 'spam' })).statusCode).toBe(401);
  });
});
