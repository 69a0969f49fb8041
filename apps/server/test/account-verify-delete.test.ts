import { createHash } from 'node:crypto';
import { CHAT_API, FAVOURITES_API, ORDERS_API, realtimeChannels, type Order } from '@marketplace/contracts';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { DEMO_ACCOUNTS, ensureDemoAccount } from '../src/db/demo-accounts';
import { migrationProvider } from '../src/db/migrations/index';
import { BrowserLikeClient, signedInClient, validRegistration, verificationTokenOf } from './browser-like-client';
import {
  addPhoto,
  categoryBySlug,
  completePhone,
  createCatalogueTestApp,
  liveListing,
  newDraft,
  seller,
  type Seller,
} from './fixtures/catalogue';
import { acted, HOUR_MS, offerBody, orderOf, placeOrder } from './fixtures/orders';
import { createEmptyTestDatabase, type TestApp } from './test-app';

const PASSWORD = 'correct horse battery';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000', EMAIL_VERIFICATION_MAX_SENDS: '2' });
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

const verifyWith = (client: BrowserLikeClient, token: unknown) => client.post('/api/account/email/verify', { token });

const userRow = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A draft of `owner` with everything publishing needs. */
async function readyDraft(owner: Seller): Promise<number> {
  const phones = await categoryBySlug(owner.client, 'mobile-phones');
  const draft = await newDraft(owner.client, phones.id);
  const saved = await owner.client.request('PATCH', `/api/listings/${draft.id}`, completePhone(owner.dubai.id));
  if (saved.statusCode !== 200) throw new Error(`fill: ${saved.body}`);
  await addPhoto(owner.client, draft.id);
  return draft.id;
}

/** A completed order between `buyer` and `owner`. */
async function completedOrder(owner: Seller, buyer: Seller): Promise<Order> {
  const listing = await liveListing(owner);
  const order = await placeOrder(buyer.client, offerBody(listing.id, { delivery_method: 'pickup' }));
  await acted(owner.client, order.id, 'accept');
  await acted(owner.client, order.id, 'hand_over');
  const received = await acted(buyer.client, order.id, 'confirm_receipt');
  await testApp.app.orders.tick(new Date(Date.parse(received.updated_at) + 48 * HOUR_MS));
  return received;
}

describe('e-mail verification', () => {
  it('registration e-mails a single link with a random token kept hashed that names no user', async () => {
    const { client, user, registration } = await signedInClient(testApp.app, {}, { verified: false });
    expect((await client.get('/user')).json<{ data: { email_verified: boolean } }>().data.email_verified).toBe(false);
    const mails = await db().selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).execute();
    expect(mails.map((mail) => [mail.template, mail.recipient])).toEqual([
      ['account.verifyEmail', registration.email.toLowerCase()],
    ]);
    const link = new URL(mails[0]?.path ?? '', 'https://market.example');
    expect(link.pathname).toBe('/verify-email');
    expect([...link.searchParams.keys()]).toEqual(['token']);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Random, not made from the user: another registration's link carries another token.
    const other = await signedInClient(testApp.app, {}, { verified: false });
    expect(await verificationTokenOf(testApp.app, other.user.id)).not.toBe(token);
    // E-mail only: the secret is not in the bell.
    expect(await db().selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const rows = await db()
      .selectFrom('account_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'email_verification')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]?.expires_at.getTime()).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
    expect(rows[0]?.expires_at.getTime()).toBeLessThan(Date.now() + 25 * HOUR_MS);
  });

  it('the link verifies the address once, from any browser; used again, it is refused', async () => {
    const { client, user } = await signedInClient(testApp.app, {}, { verified: false });
    const token = await verificationTokenOf(testApp.app, user.id);
    const elsewhere = new BrowserLikeClient(testApp.app);
    await elsewhere.visit('/verify-email');
    const first = await verifyWith(elsewhere, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Your e-mail address is verified. You can publish listings and order now.',
    });
    expect((await client.get('/user')).json<{ data: { email_verified: boolean } }>().data.email_verified).toBe(true);
    expect((await userRow(user.id)).email_verified_at).not.toBeNull();
    const again = await verifyWith(client, token);
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: Record<string, string[]> }>().errors.token?.[0]).toContain('This link does not work');
  });

  it('refuses an expired link, a forged one, a malformed one and a password reset link', async () => {
    const { client, user } = await signedInClient(testApp.app, {}, { verified: false });
    const token = await verificationTokenOf(testApp.app, user.id);
    await db()
      .updateTable('account_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await verifyWith(client, token)).statusCode).toBe(422);
    expect((await verifyWith(client, 'A'.repeat(43))).statusCode).toBe(422);
    expect((await verifyWith(client, `${token}x`)).statusCode).toBe(422);
    expect((await verifyWith(client, 12)).statusCode).toBe(422);
    const reset = await testApp.app.account.tokens.issue(db(), user.id, 'password_reset', 60);
    expect((await verifyWith(client, reset)).statusCode).toBe(422);
    expect((await userRow(user.id)).email_verified_at).toBeNull();
  });

  it('an unverified user may save a draft but not publish it nor order: 403 with what to do', async () => {
    const unverified = await seller(testApp, {}, { verified: false });
    const owner = await seller(testApp);
    const draftId = await readyDraft(unverified);
    const publish = await unverified.client.post(`/api/listings/${draftId}/publish`);
    expect(publish.statusCode).toBe(403);
    expect(publish.json<{ message: string }>().message).toBe(
      'Verify your e-mail address before publishing a listing: follow the link we e-mailed you, or ask for a new one with “Resend” in the banner.',
    );
    const listing = await liveListing(owner);
    const order = await unverified.client.post(ORDERS_API.orders, offerBody(listing.id));
    expect(order.statusCode).toBe(403);
    expect(order.json<{ message: string }>().message).toContain('Verify your e-mail address before ordering');
    const arabic = await unverified.client.request('POST', ORDERS_API.orders, offerBody(listing.id), {
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json<{ message: string }>().message).toContain('أكِّد بريدك الإلكتروني');
    expect(await db().selectFrom('orders').select('id').where('buyer_id', '=', unverified.id).execute()).toEqual([]);

    const token = await verificationTokenOf(testApp.app, unverified.id);
    expect((await verifyWith(unverified.client, token)).statusCode).toBe(200);
    expect((await unverified.client.post(`/api/listings/${draftId}/publish`)).statusCode).toBe(200);
    expect((await unverified.client.post(ORDERS_API.orders, offerBody(listing.id))).statusCode).toBe(201);
  });

  it('resend: a new link, the old one dead; throttled per user; 409 once verified; 401 signed out', async () => {
    const { client, user } = await signedInClient(testApp.app, {}, { verified: false });
    const first = await verificationTokenOf(testApp.app, user.id);
    const resent = await client.post('/api/account/email/verification');
    expect(resent.statusCode).toBe(202);
    expect(resent.json<{ message: string }>().message).toMatch(/^We have sent a new link to /);
    const second = await verificationTokenOf(testApp.app, user.id);
    expect(second).not.toBe(first);
    expect((await client.post('/api/account/email/verification')).statusCode).toBe(202);
    // EMAIL_VERIFICATION_MAX_SENDS is 2 here.
    const throttled = await client.post('/api/account/email/verification');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json<{ message: string }>().message).toMatch(/^Too many links asked for/);
    const newest = await verificationTokenOf(testApp.app, user.id);
    expect((await verifyWith(client, first)).statusCode).toBe(422);
    expect((await verifyWith(client, second)).statusCode).toBe(422);
    expect((await verifyWith(client, newest)).statusCode).toBe(200);
    const verified = await signedInClient(testApp.app);
    const already = await verified.client.post('/api/account/email/verification');
    expect(already.statusCode).toBe(409);
    expect(already.json()).toEqual({ message: 'Your e-mail address is verified already.' });
    const guest = new BrowserLikeClient(testApp.app);
    await guest.visit('/');
    expect((await guest.post('/api/account/email/verification')).statusCode).toBe(401);
  });

  it('accounts that existed before verification count as verified from their sign-up (migration 0014)', async () => {
    const empty = await createEmptyTestDatabase();
    const database = await openDatabase({ databaseUrl: empty.url });
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider, allowUnorderedMigrations: true });
      const { error } = await migrator.migrateTo('0013-account-tokens');
      expect(error).toBeUndefined();
      await sql`insert into users (first_name, last_name, email, password_hash, account_type, created_at)
        values ('Old', 'Member', 'old.member@example.com', 'x', 'individual', '2025-01-02T03:04:05Z')`.execute(
        database.db,
      );
      await migrateToLatest(database.db);
      const row = await database.db
        .selectFrom('users')
        .select(['email_verified_at', 'created_at', 'deleted_at'])
        .executeTakeFirstOrThrow();
      expect(row.email_verified_at?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
      expect(row.deleted_at).toBeNull();
    } finally {
      await database.close();
      await empty.drop();
    }
  });

  it('demo accounts are seeded verified', async () => {
    const [demo] = DEMO_ACCOUNTS;
    if (!demo) throw new Error('no demo account');
    const id = await ensureDemoAccount(db(), demo, () => 'a demo pass phrase');
    expect((await userRow(id)).email_verified_at).not.toBeNull();
  });
});

describe('deleting an account', () => {
  const deleteWith = (client: BrowserLikeClient, password: unknown) => client.post('/api/account/delete', { password });

  it('wants the password: a wrong one is a 422 and nothing changes', async () => {
    const member = await seller(testApp);
    const wrong = await deleteWith(member.client, 'not my password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      'The current password is not correct.',
    ]);
    expect((await userRow(member.id)).deleted_at).toBeNull();
    const guest = new BrowserLikeClient(testApp.app);
    await guest.visit('/');
    expect((await deleteWith(guest, PASSWORD)).statusCode).toBe(401);
  });

  it('is refused while an order is open, as buyer or seller, naming each', async () => {
    const owner = await seller(testApp);
    const buyer = await seller(testApp);
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    for (const side of [owner, buyer]) {
      const refused = await deleteWith(side.client, PASSWORD);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message:
          'Your account cannot be deleted while you have open orders. Finish, withdraw or cancel this order first.',
        open_orders: [{ id: order.id, title: listing.title }],
      });
      expect((await userRow(side.id)).deleted_at).toBeNull();
      expect((await side.client.get('/user')).statusCode).toBe(200);
    }
    await acted(buyer.client, order.id, 'withdraw');
    expect((await deleteWith(buyer.client, PASSWORD)).statusCode).toBe(204);
  });

  it('erases the person, removes the listings, ends every session, e-mails the old address and frees it', async () => {
    // A seller with a profile (name, address, phone), a listing and a favourite, on two devices.
    const owner = await seller(testApp);
    const member = await seller(testApp);
    const { client } = owner;
    const user = { id: owner.id };
    const email = (await userRow(owner.id)).email;
    expect(await db().selectFrom('addresses').select('user_id').where('user_id', '=', owner.id).execute()).toHaveLength(
      1,
    );
    const listing = await liveListing(owner);
    const other = await liveListing(member);
    expect((await client.put(FAVOURITES_API.favourite(other.id))).statusCode).toBeLessThan(300);
    expect((await client.get(FAVOURITES_API.list)).json<{ data: unknown[] }>().data).toHaveLength(1);
    const device = new BrowserLikeClient(testApp.app);
    await device.visit('/login');
    expect((await device.post('/login', { email, password: PASSWORD })).statusCode).toBe(200);

    const published = vi.spyOn(testApp.app.realtime, 'publish');
    const deleted = await deleteWith(client, PASSWORD);
    expect(deleted.statusCode).toBe(204);
    // Whoever has the listing's page open hears that it changed.
    expect(published).toHaveBeenCalledWith(realtimeChannels.listing(listing.id), 'listing.updated', {
      listing_id: listing.id,
    });
    published.mockRestore();
    expect(deleted.headers['x-csrf-token']).toBeTruthy();

    expect((await client.get('/user')).statusCode).toBe(401);
    expect((await device.get('/user')).statusCode).toBe(401);
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      first_name: '',
      last_name: '',
      email: `deleted-${user.id}@deleted.invalid`,
      password_hash: '',
      avatar_key: null,
      birthday: null,
      gender: null,
    });
    expect(row.deleted_at).not.toBeNull();
    for (const table of ['addresses', 'favourites', 'saved_searches', 'notifications', 'account_tokens'] as const) {
      expect(await db().selectFrom(table).select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    }
    const listingRow = await db()
      .selectFrom('listings')
      .select('status')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(listingRow.status).toBe('removed');
    expect((await member.client.get(`/api/users/${user.id}`)).statusCode).toBe(404);

    // The confirmation went to the address the account had; nothing else of theirs is waiting.
    const mails = await db().selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).execute();
    expect(mails.map((mail) => [mail.template, mail.recipient, mail.status])).toEqual([
      ['account.deleted', email, 'pending'],
    ]);

    const login = new BrowserLikeClient(testApp.app);
    await login.visit('/login');
    expect((await login.post('/login', { email, password: PASSWORD })).statusCode).toBe(422);
    const again = new BrowserLikeClient(testApp.app);
    await again.visit('/register');
    expect((await again.post('/register', validRegistration({ email }))).statusCode).toBe(201);
  });

  it('finished orders and reviews stay for the other party, with "Deleted user" and no contact', async () => {
    const owner = await seller(testApp);
    const buyer = await seller(testApp);
    const completed = await completedOrder(owner, buyer);
    expect(
      (await owner.client.post(ORDERS_API.review(completed.id), { rating: 5, text: 'Kind buyer' })).statusCode,
    ).toBe(201);
    expect((await buyer.client.post(ORDERS_API.review(completed.id), { rating: 4 })).statusCode).toBe(201);
    expect((await deleteWith(buyer.client, PASSWORD)).statusCode).toBe(204);

    const seen = orderOf(await owner.client.get(`/api/orders/${completed.id}`));
    expect(seen.status).toBe('completed');
    expect(seen.buyer).toEqual({ id: buyer.id, name: 'Deleted user' });
    expect(seen.seller.name).toBe('Amira Saleh');
    expect(seen.reviews.map((review) => review.rating).sort()).toEqual([4, 5]);
    expect(JSON.stringify(seen)).not.toContain('@');
    const arabic = orderOf(
      await owner.client.request('GET', `/api/orders/${completed.id}`, undefined, {
        headers: { 'accept-language': 'ar' },
      }),
    );
    expect(arabic.buyer.name).toBe('مستخدم محذوف');
  });
});

describe('downloading my data', () => {
  it('a JSON attachment with the profile, listings, orders with events and reviews, and settings', async () => {
    const owner = await seller(testApp);
    const buyer = await seller(testApp);
    const completed = await completedOrder(owner, buyer);
    expect((await buyer.client.post(ORDERS_API.review(completed.id), { rating: 5, text: 'Great' })).statusCode).toBe(
      201,
    );
    await owner.client.put('/api/notifications/settings', { category: 'news', channel: 'email', enabled: true });
    // A conversation: the owner's own message is theirs to take; the buyer's is not.
    const talk = await buyer.client.post(CHAT_API.conversations, { listing_id: (await liveListing(owner)).id });
    const talkId = talk.json<{ data: { id: number } }>().data.id;
    await buyer.client.post(CHAT_API.messages(talkId), { client_id: 'buyer-words-1', body: 'Buyer private words' });
    await owner.client.post(CHAT_API.messages(talkId), { client_id: 'owner-words-1', body: 'Owner reply' });

    const response = await owner.client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="marketplace-data-.+\.json"$/);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const data = response.json<{
      profile: { email: string; email_verified_at: string | null };
      listings: { id: number; photos: unknown[] }[];
      orders: { id: number; role: string; delivery_address: unknown; events: unknown[]; reviews: unknown[] }[];
      favourites: unknown[];
      saved_searches: unknown[];
      notification_settings: unknown[];
      conversations: { id: number; role: string; my_messages: { body: string; kind: string }[] }[];
      sessions: { current: boolean }[];
    }>();
    expect(data.conversations.find((each) => each.id === talkId)).toMatchObject({
      role: 'seller',
      my_messages: [{ kind: 'text', body: 'Owner reply' }],
    });
    const ownerRow = await userRow(owner.id);
    expect(data.profile.email).toBe(ownerRow.email);
    expect(data.profile.email_verified_at).not.toBeNull();
    expect(data.listings.map((listing) => listing.id)).toContain(completed.listing.id);
    expect(data.listings[0]?.photos.length).toBeGreaterThan(0);
    const order = data.orders.find((each) => each.id === completed.id);
    expect(order).toMatchObject({ role: 'seller', delivery_address: null });
    expect(order?.events.length).toBeGreaterThanOrEqual(4);
    expect(order?.reviews).toHaveLength(1);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(Array.isArray(data.favourites) && Array.isArray(data.saved_searches)).toBe(true);
    expect(Array.isArray(data.notification_settings)).toBe(true);

    const text = response.body;
    const buyerRow = await userRow(buyer.id);
    for (const secret of [ownerRow.password_hash, buyerRow.email, buyerRow.password_hash, 'Buyer private words']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password_hash|token_hash|csrf/);
    const sessionIds = await db().selectFrom('sessions').select('id').where('user_id', '=', owner.id).execute();
    for (const { id } of sessionIds) expect(text).not.toContain(id);
  });

  it('is for the signed-in user only', async () => {
    const guest = new BrowserLikeClient(testApp.app);
    await guest.visit('/');
    expect((await guest.get('/api/account/export')).statusCode).toBe(401);
  });
});
