import { STAFF_ROLES, staffMay, type Dashboard, type DashboardDay } from '@marketplace/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { createCatalogueTestApp } from './fixtures/catalogue';
import { staffClient, type StaffClient } from './fixtures/staff';
import type { TestApp } from './test-app';

let testApp: TestApp;
let admin: StaffClient;
/** Accounts this file signs up now, through the API: today's new users. */
let signedUpToday = 0;

const DAY_MS = 24 * 3600 * 1000;
/** The UTC day `days` from the one the file started on, as 'yyyy-mm-dd'. */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A moment of a UTC day: `at('2026-11-20', '23:59:59.999')`. */
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

// Two finished days well inside the 30: A three days ago, B ten days ago.
const A = dayFromToday(-3);
const B = dayFromToday(-10);
const LONG_AGO = at(dayFromToday(-40), '12:00:00');

const db = () => testApp.app.db;

async function user(createdAt: Date, name = 'Seeded'): Promise<number> {
  const { id } = await db()
    .insertInto('users')
    .values({
      first_name: name,
      last_name: 'User',
      email: `${name.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.com`,
      password_hash: 'x',
      account_type: 'individual',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function listing(sellerId: number, publishedAt: Date | null): Promise<number> {
  const category = await db()
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', 'mobile-phones')
    .executeTakeFirstOrThrow();
  const city = await db().selectFrom('cities').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await db()
    .insertInto('listings')
    .values({
      seller_id: sellerId,
      category_id: category.id,
      status: publishedAt ? 'active' : 'draft',
      title: 'iPhone 13, 128 GB',
      description: 'Always in a case.',
      condition: 'good',
      price_fils: 150_000,
      attributes: '{}',
      city_id: city.id,
      published_at: publishedAt,
      expires_at: publishedAt && new Date(publishedAt.getTime() + 30 * DAY_MS),
      created_at: publishedAt ?? LONG_AGO,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function order(
  listingId: number,
  sellerId: number,
  buyerId: number,
  values: { quantity: number; unit: number; delivery: number; completedAt: Date | null },
): Promise<void> {
  await db()
    .insertInto('orders')
    .values({
      listing_id: listingId,
      seller_id: sellerId,
      buyer_id: buyerId,
      kind: 'buy',
      status: values.completedAt ? 'completed' : 'cancelled',
      awaiting: null,
      quantity: values.quantity,
      unit_price_fils: values.unit,
      listed_price_fils: values.unit,
      delivery_method: values.delivery > 0 ? 'delivery' : 'pickup',
      delivery_fee_fils: values.delivery,
      delivery_address:
        values.delivery > 0
          ? JSON.stringify({
              city_id: 1,
              area: 'Marina',
              building_name: 'Tower',
              flat_number: null,
              street_address: null,
              phone: '+971500000000',
            })
          : null,
      created_at: LONG_AGO,
      completed_at: values.completedAt,
      ended_at: values.completedAt ?? LONG_AGO,
    })
    .execute();
}

const resolution = (resolvedAt: Date | null) =>
  resolvedAt ? { resolved_at: resolvedAt, outcome: 'dismissed' as const } : { resolved_at: null };

async function listingReport(listingId: number, reporterId: number, createdAt: Date, resolvedAt: Date | null) {
  await db()
    .insertInto('listing_reports')
    .values({
      listing_id: listingId,
      reporter_id: reporterId,
      reason: 'scam',
      created_at: createdAt,
      ...resolution(resolvedAt),
    })
    .execute();
}

async function conversationReport(
  conversationId: number,
  reporterId: number,
  createdAt: Date,
  resolvedAt: Date | null,
) {
  await db()
    .insertInto('conversation_reports')
    .values({
      conversation_id: conversationId,
      reporter_id: reporterId,
      reason: 'harassment',
      messages: '[]',
      created_at: createdAt,
      ...resolution(resolvedAt),
    })
    .execute();
}

async function userReport(userId: number, reporterId: number, createdAt: Date, resolvedAt: Date | null) {
  await db()
    .insertInto('user_reports')
    .values({
      user_id: userId,
      reporter_id: reporterId,
      reason: 'spam',
      created_at: createdAt,
      ...resolution(resolvedAt),
    })
    .execute();
}

async function dashboard(client: BrowserLikeClient = admin.client): Promise<Dashboard> {
  const response = await client.get('/api/admin/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Dashboard }>().data;
}

const dayOf = (figures: Dashboard, day: string): DashboardDay => {
  const found = figures.days.find((row) => row.day === day);
  if (!found) throw new Error(`no ${day} in the dashboard`);
  return found;
};

const storedDay = (day: string) =>
  db().selectFrom('daily_figures').selectAll().where('day', '=', day).executeTakeFirst();

beforeAll(async () => {
  testApp = await createCatalogueTestApp();
  admin = await staffClient(testApp.app, 'admin');
  signedUpToday += 1;

  // People from before the 30 days: a seller, a buyer, reporters.
  const seller = await user(LONG_AGO, 'Seller');
  const buyer = await user(LONG_AGO, 'Buyer');
  const reporters = [
    await user(LONG_AGO, 'Reporter'),
    await user(LONG_AGO, 'Reporter'),
    await user(LONG_AGO, 'Reporter'),
  ];

  // New users: three on A, its first and last moments included; one on B; one either side of A.
  await user(at(A, '00:00:00.000'));
  await user(at(A, '12:00:00'));
  await user(at(A, '23:59:59.999'));
  await user(at(B, '08:00:00'));
  await user(new Date(at(A, '00:00:00').getTime() - 1));
  await user(at(dayFromToday(-2), '00:00:00'));

  // Listings: two published on A, one on B; a draft made on A counts for nothing.
  const phone = await listing(seller, at(A, '09:00:00'));
  await listing(seller, at(A, '22:00:00'));
  await listing(seller, at(B, '07:00:00'));
  await listing(seller, null);

  // Orders completed on A: 2 × 1,500.00 + 25.00 delivery, and 1 × 999.50 = 4,024.50 AED.
  await order(phone, seller, buyer, { quantity: 2, unit: 150_000, delivery: 2_500, completedAt: at(A, '10:00:00') });
  await order(phone, seller, buyer, { quantity: 1, unit: 99_950, delivery: 0, completedAt: at(A, '23:30:00') });
  // One the next day, and one cancelled (never completed).
  await order(phone, seller, buyer, {
    quantity: 1,
    unit: 10_000,
    delivery: 0,
    completedAt: at(dayFromToday(-2), '00:00:00'),
  });
  await order(phone, seller, buyer, { quantity: 5, unit: 10_000, delivery: 0, completedAt: null });

  const { id: conversation } = await db()
    .insertInto('conversations')
    .values({ listing_id: phone, buyer_id: buyer, seller_id: seller, created_at: LONG_AGO })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Reports. On B: one made and acted on a week later (on A), two acted on the same day (600 s, 1,000 s).
  await listingReport(phone, reporters[0] as number, at(B, '10:00:00'), at(A, '10:00:00'));
  await listingReport(phone, reporters[1] as number, at(B, '12:00:00'), at(B, '12:10:00'));
  await conversationReport(conversation, seller, at(B, '13:00:00'), at(B, '13:16:40'));
  // On A: two acted on that day (an hour, half an hour), one still open.
  await conversationReport(conversation, buyer, at(A, '08:00:00'), at(A, '09:00:00'));
  await userReport(seller, reporters[0] as number, at(A, '06:00:00'), at(A, '06:30:00'));
  await userReport(seller, reporters[1] as number, at(A, '20:00:00'), null);
});
afterAll(() => testApp.close());

describe('GET /api/admin/dashboard', () => {
  it('gives the last 30 UTC days, oldest first, ending today', async () => {
    const figures = await dashboard();
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)?.day).toBe(figures.as_of.slice(0, 10));
    expect(figures.days[0]?.day).toBe(new Date(Date.parse(figures.as_of) - 29 * DAY_MS).toISOString().slice(0, 10));
    const sorted = [...figures.days].map((row) => row.day).sort();
    expect(figures.days.map((row) => row.day)).toEqual(sorted);
  });

  it('counts every figure of a day exactly, from its first moment to its last (UTC)', async () => {
    const figures = await dashboard();
    expect(dayOf(figures, A)).toEqual({
      day: A,
      new_users: 3,
      listings_published: 2,
      orders_completed: 2,
      orders_value_fils: 402_450,
      reports_opened: 3,
      // The week-old report from B and two of A's were acted on that day; the one made at 20:00 stays.
      open_reports: 1,
      // Acted on that day: after 3,600 s, 1,800 s and 7 days: the middle one.
      median_first_action_seconds: 3_600,
    });
    expect(dayOf(figures, B)).toEqual({
      day: B,
      new_users: 1,
      listings_published: 1,
      orders_completed: 0,
      orders_value_fils: 0,
      reports_opened: 3,
      open_reports: 1,
      // Two acted on: the median of an even count is the mean of the middle two.
      median_first_action_seconds: 800,
    });
    // Between B and A the week-old report was open; before B nothing was.
    expect(dayOf(figures, dayFromToday(-5)).open_reports).toBe(1);
    expect(dayOf(figures, dayFromToday(-11)).open_reports).toBe(0);
    expect(dayOf(figures, dayFromToday(-11)).median_first_action_seconds).toBeNull();
    // The moments either side of A fall on the days either side.
    expect(dayOf(figures, dayFromToday(-4)).new_users).toBe(1);
    expect(dayOf(figures, dayFromToday(-2))).toMatchObject({
      new_users: 1,
      orders_completed: 1,
      orders_value_fils: 10_000,
    });
  });

  it('totals the 30 days, with the reports open now and the median over all the reports acted on', async () => {
    const figures = await dashboard();
    expect(figures.totals).toEqual({
      new_users: 3 + 1 + 1 + 1 + signedUpToday,
      listings_published: 3,
      orders_completed: 3,
      orders_value_fils: 412_450,
      reports_opened: 6,
      open_reports: 1,
      // 600, 1,000, 1,800, 3,600 s and 7 days.
      median_first_action_seconds: 1_800,
    });
  });

  it('counts today live: an account made now shows at once', async () => {
    const before = (await dashboard()).days.at(-1);
    await signedInClient(testApp.app);
    signedUpToday += 1;
    const after = (await dashboard()).days.at(-1);
    expect(after?.day).toBe(before?.day);
    expect(after?.new_users).toBe((before?.new_users ?? 0) + 1);
    // Today is never stored.
    expect(await storedDay(after?.day ?? '')).toBeUndefined();
  });

  it('keeps a finished day once, and counts it again only when its row is missing', async () => {
    await dashboard();
    const kept = await storedDay(A);
    expect(kept).toMatchObject({ new_users: 3, orders_value_fils: 402_450, median_first_action_seconds: 3_600 });
    // A late row dated A (a restored backup, say) does not move the kept figures.
    const late = await user(at(A, '15:00:00'));
    expect(dayOf(await dashboard(), A).new_users).toBe(3);
    expect((await storedDay(A))?.computed_at).toEqual(kept?.computed_at);
    // Without its row, A is counted again, and kept again.
    await db().deleteFrom('daily_figures').where('day', '=', A).execute();
    expect(dayOf(await dashboard(), A).new_users).toBe(4);
    expect(await storedDay(A)).toMatchObject({ new_users: 4 });
    await db().deleteFrom('users').where('id', '=', late).execute();
  });
});

describe('who sees the dashboard', () => {
  it('is an address that does not exist for visitors and users', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    await visitor.visit('/');
    const { client: member } = await signedInClient(testApp.app);
    signedUpToday += 1;
    const nowhere = await member.get('/api/no-such-thing');
    for (const client of [visitor, member]) {
      const response = await client.get('/api/admin/dashboard');
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(nowhere.body);
    }
  });

  it.each(STAFF_ROLES)('answers a %s as the rules say, and only after the second factor', async (role) => {
    const { client } = await staffClient(testApp.app, role, { secondFactor: false });
    signedUpToday += 1;
    const early = await client.get('/api/admin/dashboard');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ second_factor: 'setup_required' });

    const member = await staffClient(testApp.app, role);
    signedUpToday += 1;
    const response = await member.client.get('/api/admin/dashboard');
    expect(response.statusCode).toBe(staffMay(role, 'dashboard.view') ? 200 : 403);
  });
});
