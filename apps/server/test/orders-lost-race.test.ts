import {
  CHAT_API,
  ORDERS_API,
  type ChatMessage,
  type ConversationsPage,
  type Notification,
  type OpenOrders,
  type Order,
  type OrderSummary,
} from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from './browser-like-client';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import { act, acted, companySeller, offerBody, orderOf, placeOrder, stockedListing } from './fixtures/orders';
import type { TestApp } from './test-app';

/**
 * Requests that lost the race (docs/decisions/028): when what is left of a listing can no longer fill
 * a request, it ends at once as "no longer available", with its audit row, its line in the
 * conversation and a notification to its buyer in their language; the seller is not asked to answer
 * it any more, and an Accept pressed anyway is answered in words for the seller.
 */
let testApp: TestApp;
let owner: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
});
afterAll(() => testApp.close());

const viewOf = async (client: BrowserLikeClient, id: number) => orderOf(await client.get(ORDERS_API.order(id)));
const openOf = async (client: BrowserLikeClient, role: 'buyer' | 'seller') =>
  (await client.get(`${ORDERS_API.orders}?role=${role}`)).json<{ data: OpenOrders }>().data;
const historyOf = async (client: BrowserLikeClient) =>
  (await client.get(`${ORDERS_API.history}?role=buyer`)).json<{ data: OrderSummary[] }>().data;
const notificationsOf = async (client: BrowserLikeClient) =>
  (await client.get('/api/notifications')).json<{ data: Notification[] }>().data;
const orderMails = (userId: number, template: string) =>
  testApp.database.db
    .selectFrom('mail_outbox')
    .select(['locale', 'data', 'path'])
    .where('user_id', '=', userId)
    .where('template', '=', template)
    .execute();
const eventsOf = (id: number) =>
  testApp.database.db
    .selectFrom('order_events')
    .select(['action', 'actor_id', 'from_status', 'to_status'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
const lastLineOf = async (client: BrowserLikeClient, listingId: number) => {
  const conversations = (await client.get(CHAT_API.conversations)).json<ConversationsPage>().data;
  const conversation = conversations.find((each) => each.listing.id === listingId);
  const messages = (await client.get(CHAT_API.messages(conversation?.id ?? 0))).json<{ data: ChatMessage[] }>().data;
  return messages.at(-1);
};

const request = (buyer: Seller, listingId: number, quantity = 1) =>
  placeOrder(buyer.client, { listing_id: listingId, kind: 'buy', delivery_method: 'pickup', quantity });

const ended = (order: Order) => ({
  status: order.status,
  awaiting: order.awaiting,
  actions: order.actions,
  deadline_at: order.deadline_at,
  last: order.timeline.at(-1),
});

describe('the last unit taken: the other requests end at once', () => {
  it('ends them as no longer available, with an audit row, a line in the chat, and the buyer told in their language', async () => {
    const listing = await liveListing(owner);
    const winner = await seller(testApp);
    const english = await seller(testApp);
    const arabic = await seller(testApp);
    expect((await arabic.client.request('PUT', '/api/locale', { locale: 'ar' })).statusCode).toBe(204);
    const won = await placeOrder(winner.client, offerBody(listing.id));
    const lost = await request(english, listing.id);
    const lostOffer = await placeOrder(arabic.client, offerBody(listing.id));
    // The seller had answered this one with a price: it waits for its buyer, and ends all the same.
    await acted(owner.client, lostOffer.id, 'counter', { price_fils: 170_000 });

    await acted(owner.client, won.id, 'accept');

    for (const [buyer, id] of [
      [english, lost.id],
      [arabic, lostOffer.id],
    ] as const) {
      expect(ended(await viewOf(buyer.client, id))).toEqual({
        status: 'lapsed',
        awaiting: null,
        actions: [],
        deadline_at: null,
        last: expect.objectContaining({
          action: 'lapse',
          from: 'requested',
          to: 'lapsed',
          actor: null,
          data: { available: 0 },
        }) as unknown,
      });
      expect((await viewOf(owner.client, id)).actions).toEqual([]);
      expect(await eventsOf(id)).toEqual(
        expect.arrayContaining([{ action: 'lapse', actor_id: null, from_status: 'requested', to_status: 'lapsed' }]),
      );
      expect((await lastLineOf(buyer.client, listing.id))?.kind).toBe('system');
      expect((await openOf(buyer.client, 'buyer')).waiting).toEqual([]);
      expect((await historyOf(buyer.client)).map((order) => [order.id, order.status])).toEqual([[id, 'lapsed']]);
    }

    // The seller is asked about nothing but the order they accepted, and told nothing of the others.
    const sales = await openOf(owner.client, 'seller');
    expect([...sales.action_needed, ...sales.waiting].map((order) => order.id)).toEqual([won.id]);
    expect((await notificationsOf(owner.client)).map((n) => n.type)).not.toContain('order.lapsed');

    const [told] = await notificationsOf(english.client);
    expect(told).toMatchObject({
      type: 'order.lapsed',
      title: `“${listing.title}” is no longer available`,
      path: `/orders/${lost.id}`,
    });
    expect(told?.body).toContain('The last one went to another buyer.');
    const [toldInArabic] = await notificationsOf(arabic.client);
    expect(toldInArabic).toMatchObject({ type: 'order.lapsed', title: `«${listing.title}» لم يعد متاحًا` });
    expect(await orderMails(arabic.id, 'order.lapsed')).toEqual([
      { locale: 'ar', data: expect.objectContaining({ available: 0 }) as unknown, path: `/orders/${lostOffer.id}` },
    ]);
    expect(await orderMails(english.id, 'order.lapsed')).toHaveLength(1);
    // Winners are not told their rivals lost.
    expect((await notificationsOf(winner.client)).map((n) => n.type)).toEqual(['order.accepted']);
  });

  it('answers a seller’s Accept on a request that lost the race with a 409 worded for the seller', async () => {
    const listing = await liveListing(owner);
    const first = await request(await seller(testApp), listing.id);
    const second = await request(await seller(testApp), listing.id);
    await acted(owner.client, first.id, 'accept');

    const late = await act(owner.client, second.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'Another order took what was left of this listing: this request has ended, and its buyer was told.',
    });
  });

  it('ends a request the seller accepts after marking the listing sold elsewhere, and says so to the seller', async () => {
    const listing = await liveListing(owner);
    const buyer = await seller(testApp);
    const order = await request(buyer, listing.id);
    expect((await owner.client.post(`/api/listings/${listing.id}/mark-sold`)).statusCode).toBe(200);

    const late = await act(owner.client, order.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'Another order took what was left of this listing: this request has ended, and its buyer was told.',
    });
    expect((await viewOf(buyer.client, order.id)).status).toBe('lapsed');
  });

  it('the order clock ends what the listing can no longer fill, once', async () => {
    const listing = await liveListing(owner);
    const buyer = await seller(testApp);
    const order = await request(buyer, listing.id);
    expect((await owner.client.post(`/api/listings/${listing.id}/mark-sold`)).statusCode).toBe(200);

    const result = await testApp.app.orders.tick(new Date());
    expect(result.lapsed).toContain(order.id);
    const again = await testApp.app.orders.tick(new Date());
    expect(again.lapsed).not.toContain(order.id);
    expect((await viewOf(buyer.client, order.id)).status).toBe('lapsed');
    expect((await eventsOf(order.id)).map((event) => event.action)).toEqual(['request', 'lapse']);
  });
});

describe('a company’s stock: a request ends only when what is left cannot fill it', () => {
  it('ends a request for 3 when 2 are left, keeps those for 2 and 1, and ends the rest once none is left', async () => {
    const company = await companySeller(testApp);
    const listing = await stockedListing(company, 5);
    const first = await request(await seller(testApp), listing.id, 3);
    const forThree = await seller(testApp);
    const tooMany = await request(forThree, listing.id, 3);
    const forTwo = await request(await seller(testApp), listing.id, 2);
    const forOne = await seller(testApp);
    const single = await request(forOne, listing.id, 1);

    await acted(company.client, first.id, 'accept');
    const lapsed = await viewOf(forThree.client, tooMany.id);
    expect(lapsed.status).toBe('lapsed');
    expect(lapsed.timeline.at(-1)).toMatchObject({ action: 'lapse', data: { available: 2 } });
    const [told] = await notificationsOf(forThree.client);
    expect(told?.body).toContain('Only 2 are left, fewer than the 3 you asked for.');
    expect((await viewOf(company.client, forTwo.id)).status).toBe('requested');
    expect((await viewOf(forOne.client, single.id)).status).toBe('requested');

    await acted(company.client, forTwo.id, 'accept');
    const last = await viewOf(forOne.client, single.id);
    expect(last.status).toBe('lapsed');
    expect(last.timeline.at(-1)).toMatchObject({ action: 'lapse', data: { available: 0 } });
  });
});
