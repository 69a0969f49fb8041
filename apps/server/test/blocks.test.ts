import type { BlockedUser } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { act, acted, offerBody, placeOrder } from './fixtures/orders';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let buyer: Seller;
let other: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
  buyer = await seller(testApp);
  other = await seller(testApp);
});
afterAll(() => testApp.close());

const block = (client: BrowserLikeClient, id: number | string) => client.request('PUT', `/api/blocks/${id}`);
const unblock = (client: BrowserLikeClient, id: number | string) => client.request('DELETE', `/api/blocks/${id}`);
const listOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/blocks')).json<{ data: BlockedUser[] }>().data;
const rows = (blocker: number) =>
  testApp.database.db.selectFrom('user_blocks').selectAll().where('blocker_id', '=', blocker).execute();

describe('blocking someone', () => {
  it('blocks and unblocks once however often asked, listing them by their public name only', async () => {
    expect((await block(buyer.client, owner.id)).statusCode).toBe(204);
    expect((await block(buyer.client, owner.id)).statusCode).toBe(204);
    expect(await rows(buyer.id)).toHaveLength(1);
    const { first_name, last_name } = await testApp.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const list = await listOf(buyer.client);
    const name = `${first_name} ${last_name.charAt(0)}.`;
    expect(list.map((entry) => entry.user)).toEqual([{ id: owner.id, name, avatar: null }]);
    expect(Date.parse(list[0]?.blocked_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(list)).not.toContain(last_name);
    expect((await unblock(buyer.client, owner.id)).statusCode).toBe(204);
    expect((await unblock(buyer.client, owner.id)).statusCode).toBe(204);
    expect(await listOf(buyer.client)).toEqual([]);
  });

  it('keeps one block when 20 identical requests arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => block(other.client, buyer.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(await rows(other.id)).toHaveLength(1);
    await unblock(other.client, buyer.id);
  });

  it('refuses oneself with a 409 that says why, and nobody with a 404', async () => {
    const self = await block(buyer.client, buyer.id);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot block yourself.' });
    const arabic = await buyer.client.request('PUT', `/api/blocks/${buyer.id}`, undefined, {
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json()).toEqual({ message: 'لا يمكنك حظر نفسك.' });
    for (const id of ['2147483647', '0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await block(buyer.client, id)).statusCode).toBe(404);
    }
    expect(await rows(buyer.id)).toEqual([]);
  });

  it('is the signed-in user’s own: a visitor gets 401, a request without the CSRF token 419', async () => {
    const visitor = new BrowserLikeClient(testApp.app);
    expect((await visitor.get('/api/blocks')).statusCode).toBe(401);
    for (const method of ['PUT', 'DELETE'] as const) {
      const forged = await testApp.app.inject({
        method,
        url: `/api/blocks/${owner.id}`,
        headers: { cookie: `${SESSION_COOKIE}=${buyer.client.sessionCookie ?? ''}` },
      });
      expect(forged.statusCode).toBe(419);
    }
    expect(await rows(buyer.id)).toEqual([]);
    // Whom someone blocked is theirs alone: another user's list never shows it.
    await block(buyer.client, owner.id);
    expect(await listOf(other.client)).toEqual([]);
    await unblock(buyer.client, owner.id);
  });
});

describe('a block between buyer and seller', () => {
  it('stops the blocked buyer ordering, with a message that does not say more than it must', async () => {
    const listing = await liveListing(owner);
    await block(owner.client, buyer.id);
    const refused = await buyer.client.post('/api/orders', offerBody(listing.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This seller does not take orders from you.' });
    await unblock(owner.client, buyer.id);
    expect((await buyer.client.post('/api/orders', offerBody(listing.id))).statusCode).toBe(201);
  });

  it('stops the blocker ordering from the one they blocked, saying how to undo it', async () => {
    const listing = await liveListing(owner);
    await block(buyer.client, owner.id);
    const refused = await buyer.client.post('/api/orders', offerBody(listing.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You have blocked this seller. Unblock them to order.' });
    await unblock(buyer.client, owner.id);
  });

  it('stops an open request becoming a deal, while either side can still end it', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await block(buyer.client, owner.id);
    const accepted = await act(owner.client, order.id, 'accept');
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: 'The other party has blocked you: this order can only be ended.' });
    const countered = await act(owner.client, order.id, 'counter', { price_fils: 140_000 });
    expect(countered.statusCode).toBe(409);
    const row = await testApp.database.db
      .selectFrom('listings')
      .select(['reserved', 'status'])
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reserved: 0, status: 'active' });
    expect((await acted(owner.client, order.id, 'decline')).status).toBe('declined');
    await unblock(buyer.client, owner.id);
  });

  it('goes with the account: deleting a user deletes their blocks both ways', async () => {
    const gone = await seller(testApp);
    await block(gone.client, buyer.id);
    await block(buyer.client, gone.id);
    await testApp.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await rows(gone.id)).toEqual([]);
    expect(await listOf(buyer.client)).toEqual([]);
  });
});
