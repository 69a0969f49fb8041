import { CHAT_API, INTL_LOCALES, type Notification } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { actOn, acted, reportListing, targetOf, titledListing, uniqueWord } from './fixtures/moderation';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

let testApp: TestApp;
let moderator: StaffClient;

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  moderator = await staffClient(testApp.app, 'moderator');
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 3600 * 1000;

async function notificationsOf(client: BrowserLikeClient): Promise<Notification[]> {
  return (await client.get('/api/notifications')).json<{ data: Notification[] }>().data;
}

async function emailOf(userId: number): Promise<string> {
  return (await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
}

/** Signs in from a new browser, in `language`; the login's answer. */
async function login(email: string, password = PASSWORD, language = 'en') {
  const client = new BrowserLikeClient(testApp.app, { 'accept-language': language });
  await client.visit('/login');
  return { client, response: await client.post('/login', { email, password }) };
}

const ids = (response: LightMyRequestResponse) =>
  response.json<{ data: { id: number }[] }>().data.map((card) => card.id);

/** Where a listing shows to others: search, its category, its seller's page, favourites, its own page. */
async function whereItShows(viewer: Seller, listingId: number, word: string, sellerId: number) {
  return {
    search: ids(await viewer.client.get(`/api/search?q=${word}`)).includes(listingId),
    category: ids(await viewer.client.get('/api/listings?category=mobile-phones')).includes(listingId),
    sellerPage: ids(await viewer.client.get(`/api/listings?seller=${sellerId}`)).includes(listingId),
    favourites: (await viewer.client.get('/api/favourites'))
      .json<{ data: { listing: { id: number } }[] }>()
      .data.some((saved) => saved.listing.id === listingId),
    page: (await viewer.client.get(`/api/listings/${listingId}`)).statusCode,
  };
}

describe('suspending a person', () => {
  it('signs them out everywhere, hides their listings, refuses their login with why and until when; lifting undoes it', async () => {
    const owner = await seller(testApp);
    const word = uniqueWord();
    const listing = await titledListing(owner, word);
    const viewer = await seller(testApp);
    expect((await viewer.client.put(`/api/favourites/${listing.id}`)).statusCode).toBe(204);
    const shown = { search: true, category: true, sellerPage: true, favourites: true, page: 200 };
    expect(await whereItShows(viewer, listing.id, word, owner.id)).toEqual(shown);
    const email = await emailOf(owner.id);
    const { client: phone } = await login(email);
    await reportListing(viewer.client, listing.id, 'scam');

    const before = Date.now();
    const target = await acted(moderator.client, 'listing', listing.id, {
      action: 'suspend',
      reason: 'scam',
      days: 7,
      note: 'Third scam report this week.',
    });
    expect(target.owner).toMatchObject({ id: owner.id, suspended: true, suspension_reason: 'scam' });
    const until = target.owner?.suspended_until ?? 0;
    expect(until - before).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(target.actions).toEqual(['remove', 'warn', 'lift']);
    expect(target.reports[0]?.outcome).toBe('suspended');

    // Both of their sessions are over at once.
    for (const client of [owner.client, phone]) expect((await client.get('/user')).statusCode).toBe(401);
    // Their listings have left every list and page; its seller's page shows none.
    expect(await whereItShows(viewer, listing.id, word, owner.id)).toEqual({
      search: false,
      category: false,
      sellerPage: false,
      favourites: false,
      page: 404,
    });
    const card = await viewer.client.get(`/api/users/${owner.id}`);
    expect(card.json<{ data: { active_listings: number } }>().data.active_listings).toBe(0);
    const order = await viewer.client.post('/api/orders', {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'pickup',
    });
    expect(order.statusCode).toBe(422);

    // Login: a wrong password answers as for anyone; the right one says why and until when.
    const wrong = await login(email, 'not the password');
    expect(wrong.response.statusCode).toBe(422);
    expect(JSON.stringify(wrong.response.json())).not.toContain('suspended');
    const refused = await login(email);
    expect(refused.response.statusCode).toBe(403);
    const day = (locale: 'en' | 'ar') =>
      new Intl.DateTimeFormat(INTL_LOCALES[locale], { year: 'numeric', month: 'long', day: 'numeric' }).format(until);
    expect(refused.response.json()).toEqual({
      message: `This account is suspended until ${day('en')}, for a scam.`,
      suspended_until: new Date(until).toISOString(),
      suspension_reason: 'scam',
    });
    expect((await refused.client.get('/user')).statusCode).toBe(401);
    const inArabic = await login(email, PASSWORD, 'ar');
    expect(inArabic.response.json<{ message: string }>().message).toBe(`هذا الحساب معلَّق حتى ${day('ar')} بسبب احتيال.`);

    // Told by e-mail (they cannot sign in to read it), with the reason and never the note.
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', owner.id)
      .where('template', '=', 'moderation.suspended')
      .executeTakeFirstOrThrow();
    const composed = await testApp.app.notifications.compose(mail);
    expect(composed.subject).toBe(`Your account is suspended until ${day('en')}`);
    expect(composed.text).toContain('We suspended it for a scam.');
    expect(JSON.stringify(composed)).not.toContain('Third scam');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'user')
      .where('target_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'user.suspend',
      actor_id: moderator.user.id,
      reason: 'scam',
      note: 'Third scam report this week.',
      before: { suspended: false },
      after: { suspended: true, suspension_reason: 'scam', via: { type: 'listing', id: listing.id } },
    });

    const lifted = await acted(moderator.client, 'user', owner.id, { action: 'lift', reason: 'appeal_accepted' });
    expect(lifted).toMatchObject({ state: 'active', owner: { suspended: false, suspended_until: null } });
    expect(await whereItShows(viewer, listing.id, word, owner.id)).toEqual(shown);
    const back = await login(email);
    expect(back.response.statusCode).toBe(200);
    const told = (await notificationsOf(back.client)).map((each) => each.type);
    expect(told).toEqual(expect.arrayContaining(['moderation.suspended', 'moderation.suspensionLifted']));
    const again = await actOn(moderator.client, 'user', owner.id, { action: 'lift', reason: 'mistake' });
    expect(again.statusCode).toBe(409);
  });

  it('for good: login says so, and no clock lifts it', async () => {
    const { user, registration } = await signedInClient(testApp.app);
    await acted(moderator.client, 'user', user.id, { action: 'suspend', reason: 'impersonation' });
    const refused = await login(registration.email);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json()).toEqual({
      message: 'This account is suspended for good, for impersonation.',
      suspended_until: null,
      suspension_reason: 'impersonation',
    });
    await testApp.app.moderation.tick(new Date(Date.now() + 100 * 365 * DAY_MS));
    expect((await login(registration.email)).response.statusCode).toBe(403);
    // A session made some other way since (here the tests' sign-in hook) signs nobody in while it lasts.
    const { client: hooked } = await login(registration.email, 'not the password');
    expect((await hooked.post('/api/test/sign-in', { email: registration.email })).statusCode).toBe(200);
    expect((await hooked.get('/user')).statusCode).toBe(401);
    const screen = targetOf(await moderator.client.get(`/api/admin/moderation/user/${user.id}`));
    expect(screen).toMatchObject({ state: 'suspended', owner: { suspended: true, suspended_until: null } });
  });

  it('for a period ends by itself: login works once it has passed, and the clock shows their listings again and tells them, once', async () => {
    const owner = await seller(testApp);
    // They read Arabic: the clock's notice and e-mail are in Arabic.
    expect((await owner.client.put('/api/locale', { locale: 'ar' })).statusCode).toBe(204);
    const word = uniqueWord();
    const listing = await titledListing(owner, word);
    const viewer = await seller(testApp);
    await acted(moderator.client, 'user', owner.id, { action: 'suspend', reason: 'spam', days: 1 });
    expect((await whereItShows(viewer, listing.id, word, owner.id)).search).toBe(false);
    // A day on: the end is in the past (as the clock will find it).
    const ended = new Date(Date.now() - 60_000);
    await db().updateTable('users').set({ suspended_until: ended }).where('id', '=', owner.id).execute();
    const email = await emailOf(owner.id);
    expect((await login(email)).response.statusCode).toBe(200);
    expect((await whereItShows(viewer, listing.id, word, owner.id)).search).toBe(false);

    // Two processes' clocks at once: one ends it, the other finds it ended.
    const ticks = await Promise.all([testApp.app.moderation.tick(), testApp.app.moderation.tick()]);
    expect(ticks[0] + ticks[1]).toBeGreaterThanOrEqual(1);
    expect(await whereItShows(viewer, listing.id, word, owner.id)).toMatchObject({ search: true, page: 200 });
    // Told by the bell and by e-mail, in their language, once; as when staff lift it, nobody else.
    const signedIn = await login(email, PASSWORD, 'ar');
    const told = (await notificationsOf(signedIn.client)).filter((each) => each.type === 'moderation.suspensionEnded');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'انتهى تعليق حسابك',
      body: 'انتهت مدته: يمكنك استخدام حسابك من جديد، وعادت إعلاناتك تظهر.',
    });
    const mails = db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', owner.id)
      .where('template', '=', 'moderation.suspensionEnded');
    expect((await mails.execute()).map((mail) => mail.locale)).toEqual(['ar']);
    const composed = await testApp.app.notifications.compose(await mails.executeTakeFirstOrThrow());
    expect(composed.subject).toBe('انتهى تعليق حسابك');
    expect(composed.text).toContain('يمكنك استخدام حسابك من جديد');
    const row = await db()
      .selectFrom('users')
      .select(['suspended_at', 'suspended_until', 'suspension_reason'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ suspended_at: null, suspended_until: null, suspension_reason: null });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_name', 'actor_role'])
      .where('target_type', '=', 'user')
      .where('target_id', '=', owner.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'user.suspension-ended',
      actor_id: null,
      actor_name: 'clock',
      actor_role: 'system',
    });
    // Nothing is left for the next tick, and nobody is told twice.
    expect(await testApp.app.moderation.tick()).toBe(0);
    expect(
      (await notificationsOf(signedIn.client)).filter((each) => each.type === 'moderation.suspensionEnded'),
    ).toHaveLength(1);
  });
});

describe('warning a person, from a reported conversation', () => {
  it('tells the reported side why, closes the report, and tells the reporter action was taken', async () => {
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    const buyer = await seller(testApp);
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const id = started.json<{ data: { id: number } }>().data.id;
    const send = (client: BrowserLikeClient, body: string) =>
      client.post(CHAT_API.messages(id), { body, client_id: `m-${Math.random().toString(36).slice(2)}` });
    expect((await send(buyer.client, 'Is it still for sale?')).statusCode).toBe(201);
    expect((await send(owner.client, 'Pay me outside the app first.')).statusCode).toBe(201);
    expect((await buyer.client.post(CHAT_API.report(id), { reason: 'Asks for payment outside' })).statusCode).toBe(201);
    // Written after the report: not what the moderator reads.
    expect((await send(owner.client, 'Hello?')).statusCode).toBe(201);

    const screen = targetOf(await moderator.client.get(`/api/admin/moderation/conversation/${id}`));
    expect(screen).toMatchObject({
      type: 'conversation',
      title: listing.title,
      path: null,
      // The reported side: the participant who did not report it.
      owner: { id: owner.id },
      actions: ['dismiss', 'warn', 'suspend'],
    });
    expect(screen.reports[0]).toMatchObject({ reporter: { id: buyer.id }, reason: 'Asks for payment outside' });
    expect(screen.reports[0]?.messages?.map((each) => [each.sender?.id, each.body])).toEqual([
      [buyer.id, 'Is it still for sale?'],
      [owner.id, 'Pay me outside the app first.'],
    ]);

    const warned = await acted(moderator.client, 'conversation', id, { action: 'warn', reason: 'scam' });
    expect(warned.reports[0]?.outcome).toBe('warned');
    expect(warned.history[0]).toMatchObject({ action: 'user.warn', reason: 'scam' });
    const notice = (await notificationsOf(owner.client)).find((each) => each.type === 'moderation.warned');
    expect(notice).toMatchObject({
      title: 'A warning about your account',
      body: 'Something you posted or did broke our rules: a scam. Please keep to them: if it happens again, we may suspend your account.',
    });
    const outcome = (await notificationsOf(buyer.client)).find((each) => each.type === 'moderation.reportOutcome');
    expect(outcome).toMatchObject({
      title: `Your report of a conversation about “${listing.title}”`,
      body: 'We took action. Thank you for telling us.',
    });
    expect(
      (await actOn(moderator.client, 'conversation', id, { action: 'dismiss', reason: 'no_violation' })).statusCode,
    ).toBe(409);
  });
});

describe('staff and their own', () => {
  it('refuses a moderator acting on their own account or a conversation they are in, and anyone warning or suspending staff', async () => {
    const own = await seller(testApp);
    const member = await staffClient(testApp.app, 'moderator');
    // The moderator's own account, reported.
    await db()
      .insertInto('user_reports')
      .values({ user_id: member.user.id, reporter_id: own.id, reason: 'spam' })
      .execute();
    const screen = targetOf(await member.client.get(`/api/admin/moderation/user/${member.user.id}`));
    expect(screen.actions).toEqual([]);
    for (const body of [
      { action: 'dismiss', reason: 'no_violation' },
      { action: 'suspend', reason: 'spam' },
    ] as const) {
      const refused = await actOn(member.client, 'user', member.user.id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'You cannot act on your own account, listings or conversations: ask another member of staff.',
      });
    }
    // A conversation they are in, which they reported: not theirs to judge either.
    const listing = await liveListing(own);
    const started = await member.client.post(CHAT_API.conversations, { listing_id: listing.id });
    const conversationId = started.json<{ data: { id: number } }>().data.id;
    expect((await member.client.post(CHAT_API.report(conversationId), { reason: 'Rude' })).statusCode).toBe(201);
    expect(targetOf(await member.client.get(`/api/admin/moderation/conversation/${conversationId}`)).actions).toEqual(
      [],
    );
    const judged = await actOn(member.client, 'conversation', conversationId, { action: 'warn', reason: 'offensive' });
    expect(judged.statusCode).toBe(409);
    // Another member of staff: their reports may be dismissed, their account is not moderation's.
    const other = targetOf(await moderator.client.get(`/api/admin/moderation/user/${member.user.id}`));
    expect(other.actions).toEqual(['dismiss']);
    const warn = await actOn(moderator.client, 'user', member.user.id, { action: 'warn', reason: 'spam' });
    expect(warn.statusCode).toBe(409);
    expect(warn.json()).toEqual({
      message: 'You cannot warn or suspend a member of staff: an admin takes their role away first.',
    });
    expect(
      (await actOn(moderator.client, 'user', member.user.id, { action: 'dismiss', reason: 'no_violation' })).statusCode,
    ).toBe(200);
  });

  it('tells nobody of their own act: a moderator who reported a listing is not told its outcome', async () => {
    const owner = await seller(testApp);
    const listing = await liveListing(owner);
    const other = await staffClient(testApp.app, 'moderator');
    await reportListing(other.client, listing.id, 'scam');
    await acted(other.client, 'listing', listing.id, { action: 'remove', reason: 'scam' });
    expect((await notificationsOf(other.client)).some((each) => each.type === 'moderation.reportOutcome')).toBe(false);
  });
});
