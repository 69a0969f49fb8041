import { CHAT_API, ORDERS_API, realtimeChannels, type ListingPhoto } from '@marketplace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from './app-process';
import { BrowserLikeClient, uniqueEmail, validRegistration } from './browser-like-client';
import { launchBrowser, openSignedIn } from './cluster-browser';
import { sellerThrough, signedInThrough, startCluster, type Cluster } from './cluster-support';
import { liveListing, type Seller } from './fixtures/catalogue';
import { rotatedJpegWithExif } from './fixtures/images';
import { DAY_MS, HOUR_MS, placeOrder } from './fixtures/orders';

/**
 * Two app processes on one PostgreSQL behind nginx as a round-robin proxy, with photos in one bucket,
 * real time through one shared server and e-mail to one SMTP server (cluster-support.ts), all on
 * one set-up (it costs more than the tests): what users see when their requests land on either.
 * The SIGTERM test stops a process, so it comes last.
 */
let cluster: Cluster;
const BUYERS = 50;
/** The race's seller, and its buyers: the first signed in through the proxy, the others only accounts. */
let owner: Seller;
let buyers: { id: number }[];
let firstBuyer: BrowserLikeClient;
/** The order that took the last unit in the race. */
let won: { id: number; buyerId: number };
const ACCEPT = /"url":"\/api\/orders\/\d+\/accept"/;
/** The seller's answer when another order took the unit first (the request lapsed, or lapses now). */
const SELLER_REFUSAL =
  'Another order took what was left of this listing: this request has ended, and its buyer was told.';
/** The e-mails the order clock causes. */
const TIMED = ['order.expired', 'order.received', 'order.completed', 'order.reviewReminder'];
const buyNow = (listingId: number) => ({ listing_id: listingId, kind: 'buy', delivery_method: 'pickup' });

const stockOf = (id: number) =>
  cluster.database.db
    .selectFrom('listings')
    .select(['quantity', 'reserved', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function statusesOf(listingId: number): Promise<Record<string, number>> {
  const rows = await cluster.database.db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('listing_id', '=', listingId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * The order `first` (placed by `holders[0]` through the proxy) copied in the database for each other
 * holder, as if each had placed it: the fixture in one statement rather than a request each.
 * Answers the orders' ids in `holders`' order.
 */
async function copiesFor(first: number, holders: { id: number }[]): Promise<number[]> {
  const { rows } = await sql<{ id: number; buyer_id: number }>`
    insert into orders (listing_id, buyer_id, seller_id, kind, status, awaiting, quantity, unit_price_fils,
      listed_price_fils, rounds, delivery_method, delivery_fee_fils, deadline_at)
    select listing_id, buyer.id, seller_id, kind, status, awaiting, quantity, unit_price_fils,
      listed_price_fils, rounds, delivery_method, delivery_fee_fils, deadline_at
    from orders, unnest(${holders.slice(1).map((holder) => holder.id)}::int[]) as buyer(id)
    where orders.id = ${first}
    returning id, buyer_id`.execute(cluster.database.db);
  const byBuyer = new Map(rows.map((row) => [row.buyer_id, row.id]));
  return holders.map((holder, index) => (index === 0 ? first : (byBuyer.get(holder.id) ?? 0)));
}

beforeAll(async () => {
  cluster = await startCluster();
}, 120_000);
afterAll(() => cluster.close());

describe('two processes behind a round-robin proxy', { timeout: 120_000 }, () => {
  it('share the login throttle: guesses sent to both processes count together', async () => {
    const client = new BrowserLikeClient(cluster.url);
    await client.visit('/');
    const email = validRegistration().email;
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      statuses.push((await client.post('/login', { email, password: `wrong ${guess}` })).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(cluster.servedBy('/login').every((count) => count > 0)).toBe(true);
  });

  it('serve a seller whose uploads land on either process, from one bucket, to anyone through either', async () => {
    const seller = new BrowserLikeClient(cluster.url);
    await seller.visit('/');
    expect((await seller.post('/api/test/sign-in', { email: validRegistration().email })).statusCode).toBe(200);
    await seller.visit('/');
    const draft = await seller.post('/api/listings', {});
    expect(draft.statusCode).toBe(201);
    const id = draft.json<{ data: { id: number } }>().data.id;
    const photos: ListingPhoto[] = [];
    for (let i = 0; i < 4; i += 1) {
      const upload = await seller.request('POST', `/api/listings/${id}/photos`, await rotatedJpegWithExif(320, 240), {
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      photos.push(upload.json<{ data: ListingPhoto }>().data);
    }
    expect(cluster.servedBy(`/api/listings/${id}/photos`).every((count) => count > 0)).toBe(true);
    for (const photo of photos) {
      for (let i = 0; i < 2; i += 1) expect((await fetch(new URL(photo.card, cluster.url))).status).toBe(200);
    }
    // Each photo's three sizes are in the one bucket, whichever process took the upload.
    const keys = await cluster.s3.keys();
    for (const photo of photos) {
      const stem = photo.card.slice(photo.card.lastIndexOf('/') + 1).replace('-card.webp', '');
      expect(keys.filter((key) => key.includes(stem))).toHaveLength(3);
    }
  });

  it('give the last unit to exactly one of 50 buyers’ requests when its seller accepts them all at once on both', async () => {
    owner = await sellerThrough(cluster.url, uniqueEmail('seller'));
    const signedIn = await signedInThrough(cluster.url, uniqueEmail('buyer'));
    firstBuyer = signedIn.client;
    const others = await cluster.database.db
      .insertInto('users')
      .values(
        Array.from({ length: BUYERS - 1 }, () => ({
          first_name: 'Omar',
          last_name: 'Haddad',
          email: uniqueEmail('buyer'),
          password_hash: 'not used here',
          account_type: 'individual' as const,
        })),
      )
      .returning('id')
      .execute();
    buyers = [signedIn, ...others];
    const listing = await liveListing(owner);
    const first = await placeOrder(firstBuyer, buyNow(listing.id));
    const ids = await copiesFor(first.id, buyers);

    // The seller's 50 Accepts (tabs, a double click, a script), spread over both processes by the proxy.
    const answers = await Promise.all(ids.map((id) => owner.client.post(ORDERS_API.action(id, 'accept'), {})));
    const winner = answers.findIndex((response) => response.statusCode === 200);
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(BUYERS - 1);
    for (const response of refused) expect(response.json()).toEqual({ message: SELLER_REFUSAL });
    expect(cluster.servedBy(ACCEPT).every((count) => count > 0)).toBe(true);
    expect(await stockOf(listing.id)).toEqual({ quantity: 1, reserved: 1, status: 'reserved' });
    expect(await statusesOf(listing.id)).toEqual({ accepted: 1, lapsed: BUYERS - 1 });
    won = { id: ids[winner] ?? 0, buyerId: buyers[winner]?.id ?? 0 };
  });

  it('run each timer once and send each e-mail once, with both processes’ clocks and mail workers', async () => {
    // Five requests left unanswered, and the race's winner handed over. The order clock (the
    // tests' hook into the job each process runs every minute) is asked by both processes at once.
    const listing = await liveListing(owner);
    const waiting = buyers.slice(0, 5);
    const first = await placeOrder(firstBuyer, buyNow(listing.id));
    const requests = await copiesFor(first.id, waiting);
    expect((await owner.client.post(ORDERS_API.action(won.id, 'hand_over'), {})).statusCode).toBe(200);
    const clockOnBoth = async (id: number, at: number) => {
      const body = { order_id: id, at: new Date(at).toISOString() };
      const runs = await Promise.all([0, 1].map(() => owner.client.post(ORDERS_API.testClock, body)));
      const results = runs.map((run) => run.json<{ data: { moved: string[]; reminded: boolean } }>().data);
      return {
        moved: results.flatMap((result) => result.moved),
        reminded: results.filter((result) => result.reminded),
      };
    };
    const now = Date.now();
    // Each round asks for every order still waiting at once; one whose listing another run holds
    // waits for the next round, as it would for the next minute.
    const moved = new Map<number, string[]>(requests.map((id) => [id, []]));
    for (let round = 0; round < 20 && [...moved.values()].some((steps) => steps.length === 0); round += 1) {
      const due = requests.filter((id) => moved.get(id)?.length === 0);
      const runs = await Promise.all(due.map((id) => clockOnBoth(id, now + 49 * HOUR_MS)));
      due.forEach((id, index) => moved.get(id)?.push(...(runs[index]?.moved ?? [])));
    }
    expect([...moved.values()]).toEqual(requests.map(() => ['expire']));
    expect((await clockOnBoth(won.id, now + 8 * DAY_MS)).moved).toEqual(['auto_receive']);
    expect((await clockOnBoth(won.id, now + 11 * DAY_MS)).moved).toEqual(['complete']);
    expect((await clockOnBoth(won.id, now + 23 * DAY_MS)).reminded).toHaveLength(1);

    const { db } = cluster.database;
    const unsent = () => db.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute();
    await expect.poll(async () => (await unsent()).length, { timeout: 30_000, interval: 200 }).toBe(0);
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['template', 'user_id', 'data', 'message_id', 'attempts', 'locked_by'])
      .execute();
    // Every e-mail either process queued reached the SMTP server once, at the first attempt (a
    // second worker's claim would have counted one more), and both processes' workers sent some.
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(cluster.smtp.received.map((mail) => mail.messageId).sort()).toEqual(
      rows.map((row) => row.message_id).sort(),
    );
    expect(new Set(rows.map((row) => row.locked_by?.split(':')[1])).size).toBe(2);
    // The timers' e-mails are one per step and person: each request expired once (both sides told),
    // the winner's order was received and completed once (both), its buyer reminded to review once.
    const timed = rows
      .filter((row) => TIMED.includes(row.template))
      .map((row) => `${row.template} ${String(row.data.order_id)} ${String(row.user_id)}`);
    const both = (template: string, id: number, buyerId: number) => [
      `${template} ${id} ${buyerId}`,
      `${template} ${id} ${owner.id}`,
    ];
    expect(timed.sort()).toEqual(
      [
        ...requests.flatMap((id, index) => both('order.expired', id, waiting[index]?.id ?? 0)),
        ...both('order.received', won.id, won.buyerId),
        ...both('order.completed', won.id, won.buyerId),
        `order.reviewReminder ${won.id} ${won.buyerId}`,
      ].sort(),
    );
  });

  it('bring a buyer’s browser the chat message its seller sent through the other process, live', async () => {
    const buyer = await signedInThrough(cluster.url, uniqueEmail('buyer'));
    const started = await buyer.client.post(CHAT_API.conversations, { listing_id: (await liveListing(owner)).id });
    expect(started.statusCode).toBe(201);
    const conversation = started.json<{ data: { id: number } }>().data.id;
    const browser = await launchBrowser();
    try {
      const tab = await openSignedIn(browser, cluster.url, buyer.client);
      const heard = new Map<number, () => void>();
      const arrival = (id: number) => new Promise<void>((resolve) => heard.set(id, resolve));
      const arrived = new Set<number>();
      const { signedBy } = await tab.listen(realtimeChannels.conversation(conversation), ({ message_id }) => {
        arrived.add(message_id);
        heard.get(message_id)?.();
      });
      const pids = cluster.apps.map((app) => String(app.child.pid));
      expect(pids).toContain(tab.servedBy);
      expect(pids).toContain(signedBy);
      // The seller writes until the proxy hands a message to the process that did not sign the
      // buyer's channel (round robin: the first or the second); each one reaches the browser.
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const sent = await owner.client.post(CHAT_API.messages(conversation), {
          client_id: `cluster-${attempt}`,
          body: `Still available, message ${attempt}`,
        });
        expect(sent.statusCode).toBe(201);
        const id = sent.json<{ data: { id: number } }>().data.id;
        if (!arrived.has(id)) await arrival(id);
        if (sent.headers['x-test-process'] !== signedBy) {
          expect(pids).toContain(sent.headers['x-test-process']);
          return;
        }
      }
      throw new Error('every message went to the process that signed the buyer’s channel');
    } finally {
      await browser.close();
    }
  });

  it('lose no request while one process is stopped with SIGTERM in the middle of them', async () => {
    const [leaving] = cluster.apps as [AppProcess];
    const statuses: number[] = [];
    let stopped = false;
    const exited = leaving.exited.then((code) => {
      stopped = true;
      return code;
    });
    // Eight clients keep asking, before, during and after the process drains and exits.
    const client = async () => {
      let afterExit = 0;
      while (afterExit < 5) {
        const response = await fetch(new URL('/api/categories', cluster.url));
        await response.arrayBuffer();
        statuses.push(response.status);
        if (stopped) afterExit += 1;
        if (statuses.length === 40) leaving.child.kill('SIGTERM');
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(await exited).toBe(0);
    expect(statuses.length).toBeGreaterThan(80);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await fetch(new URL('/health/ready', cluster.url))).status).toBe(200);
  });
});
