import { ORDERS_API } from '@marketplace/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, liveListing, seller, type Seller } from './fixtures/catalogue';
import {
  act,
  acted,
  companySeller,
  DAY_MS,
  HOUR_MS,
  offerBody,
  orderOf,
  placeOrder,
  stockedListing,
} from './fixtures/orders';
import type { TestApp } from './test-app';

let testApp: TestApp;
let owner: Seller;
let company: Seller;
let buyer: Seller;
let stranger: Seller;

beforeAll(async () => {
  testApp = await createCatalogueTestApp({ ORDERS_PER_HOUR: '1000' });
  owner = await seller(testApp);
  company = await companySeller(testApp);
  buyer = await seller(testApp);
  stranger = await seller(testApp);
});
afterAll(() => testApp.close());

const errorsOf = (response: LightMyRequestResponse) => response.json<{ errors: Record<string, string[]> }>().errors;
const listingRow = (id: number) =>
  testApp.database.db
    .selectFrom('listings')
    .select(['quantity', 'reserved', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A completed order between `buyer` and `owner`, and when it completed. */
async function completedOrder() {
  const listing = await liveListing(owner);
  const order = await placeOrder(buyer.client, offerBody(listing.id));
  await acted(owner.client, order.id, 'accept');
  await acted(owner.client, order.id, 'hand_over');
  const received = await acted(buyer.client, order.id, 'confirm_receipt');
  const completedAt = new Date(Date.parse(received.updated_at) + 48 * HOUR_MS);
  await testApp.app.orders.tick(completedAt);
  return { id: order.id, completedAt };
}

describe('placing an order', () => {
  it('Buy: the listing’s price, picked up, at once in My purchases and in My sales waiting for the seller', async () => {
    const listing = await liveListing(owner);
    const response = await buyer.client.post(ORDERS_API.orders, {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'pickup',
      note: '  Can I come on Friday?  ',
    });
    expect(response.statusCode).toBe(201);
    const order = orderOf(response);
    expect(order).toMatchObject({
      status: 'requested',
      awaiting: 'seller',
      role: 'buyer',
      unit_price_fils: 180_000,
      total_fils: 180_000,
      note: 'Can I come on Friday?',
      contact: null,
      actions: ['withdraw'],
      timeline: [{ action: 'request', from: null, to: 'requested', actor: 'buyer' }],
    });
    const mine = (await buyer.client.get(`${ORDERS_API.orders}?role=buyer`)).json<{
      data: { action_needed: { id: number }[]; waiting: { id: number }[] };
    }>().data;
    expect(mine.waiting.map((row) => row.id)).toContain(order.id);
    const sales = (await owner.client.get(`${ORDERS_API.orders}?role=seller`)).json<{
      data: { action_needed: { id: number; actions: string[] }[] };
    }>().data;
    expect(sales.action_needed.find((row) => row.id === order.id)?.actions).toEqual(['accept', 'decline']);
    // Nothing is reserved until the seller accepts.
    expect(await listingRow(listing.id)).toEqual({ quantity: 1, reserved: 0, status: 'active' });
  });

  it('delivered: keeps the address given for this order, and the listing’s delivery fee', async () => {
    const listing = await stockedListing(company, 3, { delivery: true, delivery_fee_fils: 2_500 });
    const order = await placeOrder(buyer.client, {
      listing_id: listing.id,
      kind: 'buy',
      quantity: 2,
      delivery_method: 'delivery',
      delivery_address: {
        city_id: buyer.dubai.id,
        area: 'Al Barsha',
        building_name: 'Tower 5',
        flat_number: '1203',
        phone: '0501234567',
      },
    });
    expect(order).toMatchObject({
      quantity: 2,
      delivery_fee_fils: 2_500,
      total_fils: 2 * 180_000 + 2_500,
      delivery_address: { city: 'Dubai', area: 'Al Barsha', building_name: 'Tower 5', street_address: null },
    });
  });

  it('refuses one’s own listing, an offer on a fixed price and a listing that is not live', async () => {
    const listing = await liveListing(owner);
    const own = await owner.client.post(ORDERS_API.orders, offerBody(listing.id));
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: 'You cannot order your own listing.' });
    const fixed = await stockedListing(company, 2, { negotiable: false });
    const offer = await buyer.client.post(ORDERS_API.orders, offerBody(fixed.id));
    expect(offer.json()).toEqual({ message: 'The seller does not take offers on this listing.' });
    await owner.client.post(`/api/listings/${listing.id}/pause`);
    const paused = await buyer.client.post(ORDERS_API.orders, offerBody(listing.id));
    expect(paused.statusCode).toBe(422);
    expect(errorsOf(paused)).toEqual({ listing_id: ['This listing cannot be ordered now.'] });
  });

  it.each([
    [
      'no listing',
      { listing_id: undefined, kind: 'buy', delivery_method: 'pickup' },
      'listing_id',
      'The Listing field is required',
    ],
    [
      'an offer without a price',
      { kind: 'offer', delivery_method: 'pickup' },
      'offer_fils',
      'The Price field is required',
    ],
    [
      'a negative offer',
      { kind: 'offer', offer_fils: -1, delivery_method: 'pickup' },
      'offer_fils',
      'Price must be at least AED 0.',
    ],
    [
      'no quantity',
      { kind: 'buy', quantity: 0, delivery_method: 'pickup' },
      'quantity',
      'Quantity must be at least 1.',
    ],
    [
      'more units than the listing has',
      { kind: 'buy', quantity: 2, delivery_method: 'pickup' },
      'quantity',
      'Not enough units are left: 1 available.',
    ],
    [
      'delivery the seller does not offer',
      {
        kind: 'buy',
        delivery_method: 'delivery',
        delivery_address: { city_id: 1, area: 'A', building_name: 'B', phone: '050' },
      },
      'delivery_method',
      'The seller does not offer this way of getting the item.',
    ],
    [
      'a note with control characters',
      { kind: 'buy', delivery_method: 'pickup', note: 'a\u0000b' },
      'note',
      'Note to the seller is not valid.',
    ],
    [
      'a client key that is not one',
      { kind: 'buy', delivery_method: 'pickup', client_key: 'short' },
      'client_key',
      'Request key is not valid.',
    ],
  ])('answers 422 to %s, under the field', async (_name, body, field, text) => {
    const listing = await liveListing(owner);
    const response = await buyer.client.post(ORDERS_API.orders, { listing_id: listing.id, ...body });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[field]).toEqual([text]);
  });

  it('asks for the delivery address per field when the order is delivered', async () => {
    const listing = await stockedListing(company, 2, { delivery: true, delivery_fee_fils: 0 });
    const missing = await buyer.client.post(ORDERS_API.orders, {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'delivery',
    });
    expect(errorsOf(missing)).toEqual({ delivery_address: ['The Delivery address field is required'] });
    const partial = await buyer.client.post(ORDERS_API.orders, {
      listing_id: listing.id,
      kind: 'buy',
      delivery_method: 'delivery',
      delivery_address: { city_id: 999_999, area: ' ', building_name: 'Tower 5', phone: '050' },
    });
    expect(errorsOf(partial)).toEqual({ 'delivery_address.area': ['The Area field is required'] });
  });

  it('with the same client key, a retried request is the same order', async () => {
    const listing = await liveListing(owner);
    const body = { ...offerBody(listing.id), client_key: 'retry-0001-abcd' };
    const [one, two] = await Promise.all([
      buyer.client.post(ORDERS_API.orders, body),
      buyer.client.post(ORDERS_API.orders, body),
    ]);
    expect([one.statusCode, two.statusCode].toSorted()).toEqual([200, 201]);
    expect(orderOf(one).id).toBe(orderOf(two).id);
    const count = await testApp.database.db
      .selectFrom('orders')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('listing_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(1);
  });

  it('needs the CSRF token and a signed-in user', async () => {
    const listing = await liveListing(owner);
    const forged = await buyer.client.request('POST', ORDERS_API.orders, offerBody(listing.id), { csrf: false });
    expect(forged.statusCode).toBe(419);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    const noToken = await owner.client.request('POST', ORDERS_API.action(order.id, 'accept'), {}, { csrf: false });
    expect(noToken.statusCode).toBe(419);
    expect(await listingRow(listing.id)).toMatchObject({ reserved: 0 });
  });

  it('stops a buyer who starts more orders than ORDERS_PER_HOUR with a 429 that says when to retry', async () => {
    const limited = await createCatalogueTestApp({ ORDERS_PER_HOUR: '3' });
    try {
      const seller2 = await seller(limited);
      const spammer = await seller(limited);
      const listing = await liveListing(seller2);
      const answers = [];
      for (let index = 0; index < 5; index += 1)
        answers.push(await spammer.client.post(ORDERS_API.orders, offerBody(listing.id)));
      expect(answers.map((response) => response.statusCode)).toEqual([201, 201, 201, 429, 429]);
      expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorsOf(answers[3] as LightMyRequestResponse).listing_id?.[0]).toMatch(/^Too many orders/);
    } finally {
      await limited.close();
    }
  });
});

describe('stock and transitions', () => {
  it('accepting reserves the units, cancelling gives them back, completing sells them', async () => {
    const listing = await stockedListing(company, 3);
    const first = await placeOrder(buyer.client, {
      listing_id: listing.id,
      kind: 'buy',
      quantity: 2,
      delivery_method: 'pickup',
    });
    const second = await placeOrder(stranger.client, {
      listing_id: listing.id,
      kind: 'buy',
      quantity: 1,
      delivery_method: 'pickup',
    });
    await acted(company.client, first.id, 'accept');
    expect(await listingRow(listing.id)).toEqual({ quantity: 3, reserved: 2, status: 'active' });
    const accepted = await acted(company.client, second.id, 'accept');
    expect(accepted.contact).toMatchObject({ name: 'Amira Saleh' });
    expect(await listingRow(listing.id)).toEqual({ quantity: 3, reserved: 3, status: 'reserved' });
    const third = await stockedListing(company, 1);
    expect(third.id).not.toBe(listing.id);
    const cancelled = await acted(stranger.client, second.id, 'cancel', { reason: 'Found one nearer.' });
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'Found one nearer.' });
    expect(await listingRow(listing.id)).toEqual({ quantity: 3, reserved: 2, status: 'active' });
    const missingReason = await act(buyer.client, first.id, 'cancel', {});
    expect(missingReason.statusCode).toBe(422);
    expect(errorsOf(missingReason)).toEqual({ reason: ['The Reason field is required'] });
    await acted(company.client, first.id, 'hand_over');
    const received = await acted(buyer.client, first.id, 'confirm_receipt');
    await testApp.app.orders.tick(new Date(Date.parse(received.updated_at) + 48 * HOUR_MS));
    expect(await listingRow(listing.id)).toEqual({ quantity: 1, reserved: 0, status: 'active' });
  });

  it('a seller cannot edit the quantity below the units accepted orders hold', async () => {
    const listing = await stockedListing(company, 3);
    const order = await placeOrder(buyer.client, {
      listing_id: listing.id,
      kind: 'buy',
      quantity: 2,
      delivery_method: 'pickup',
    });
    await acted(company.client, order.id, 'accept');
    const response = await company.client.request('PATCH', `/api/listings/${listing.id}`, { quantity: 1 });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({
      quantity: ['2 units are held by accepted orders: the quantity cannot be lower.'],
    });
  });

  it('offers and counter-offers: 3 rounds in all, then only accept or decline', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id, { offer_fils: 140_000 }));
    expect(order.rounds).toBe(1);
    const second = await acted(owner.client, order.id, 'counter', { price_fils: 170_000 });
    expect(second).toMatchObject({ rounds: 2, awaiting: 'buyer', unit_price_fils: 170_000 });
    const third = await acted(buyer.client, order.id, 'counter', { price_fils: 155_000 });
    expect(third).toMatchObject({ rounds: 3, awaiting: 'seller' });
    const seen = orderOf(await owner.client.get(ORDERS_API.order(order.id)));
    expect(seen.actions).toEqual(['accept', 'decline']);
    const fourth = await act(owner.client, order.id, 'counter', { price_fils: 160_000 });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ message: 'No more prices can be proposed: accept or decline this one.' });
    const accepted = await acted(owner.client, order.id, 'accept');
    expect(accepted).toMatchObject({ status: 'accepted', unit_price_fils: 155_000 });
    expect(accepted.timeline.map((event) => [event.action, event.actor, event.data.price_fils ?? null])).toEqual([
      ['request', 'buyer', 140_000],
      ['counter', 'seller', 170_000],
      ['counter', 'buyer', 155_000],
      ['accept', 'seller', null],
    ]);
  });

  it('a retried transition with the same client key applies once and answers as the first did', async () => {
    const listing = await stockedListing(company, 5);
    const order = await placeOrder(buyer.client, {
      listing_id: listing.id,
      kind: 'buy',
      quantity: 2,
      delivery_method: 'pickup',
    });
    const key = { client_key: 'accept-0001-zz' };
    const answers = await Promise.all([1, 2, 3].map(() => act(company.client, order.id, 'accept', key)));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await listingRow(listing.id)).toMatchObject({ reserved: 2 });
    const events = orderOf(answers[0] as LightMyRequestResponse).timeline.map((event) => event.action);
    expect(events.filter((action) => action === 'accept')).toHaveLength(1);
    // Without the key the same request is out of turn: it has already been applied.
    expect((await act(company.client, order.id, 'accept')).statusCode).toBe(409);
  });

  it('tells the other side: a notification in the orders category with a link to the order', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'counter', { price_fils: 175_000 });
    const list = (await buyer.client.get('/api/notifications')).json<{
      data: { type: string; title: string; path: string; category: string }[];
    }>().data;
    expect(list[0]).toMatchObject({
      category: 'orders',
      type: 'order.countered',
      path: `/orders/${order.id}`,
      title: 'New price for “iPhone 13, 128 GB, blue”: AED\u00a01,750',
    });
  });

  it('lets only the buyer report a problem, within 48 hours of receipt', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    await acted(owner.client, order.id, 'accept');
    await acted(owner.client, order.id, 'hand_over');
    const received = await acted(buyer.client, order.id, 'confirm_receipt');
    expect(received.actions).toEqual(['dispute']);
    const late = new Date(Date.parse(received.updated_at) + 48 * HOUR_MS + 1);
    await expect(
      testApp.app.orders.service.act({ id: buyer.id } as never, order.id, 'dispute', { reason: 'Broken.' }, late),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('reviews', () => {
  it('each side rates the other once after completion; the subject is told', async () => {
    const { id } = await completedOrder();
    const byBuyer = await buyer.client.post(ORDERS_API.review(id), { rating: 5, text: ' Quick and friendly. ' });
    expect(byBuyer.statusCode).toBe(201);
    expect(orderOf(byBuyer).reviews).toMatchObject([{ side: 'buyer', rating: 5, text: 'Quick and friendly.' }]);
    expect(orderOf(byBuyer).can_review).toBe(false);
    const again = await buyer.client.post(ORDERS_API.review(id), { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already reviewed this order.' });
    const bySeller = await owner.client.post(ORDERS_API.review(id), { rating: 4 });
    expect(orderOf(bySeller).reviews.map((review) => [review.side, review.rating])).toEqual([
      ['buyer', 5],
      ['seller', 4],
    ]);
    expect((await stranger.client.post(ORDERS_API.review(id), { rating: 3 })).statusCode).toBe(404);
    const told = (await owner.client.get('/api/notifications')).json<{ data: { type: string; title: string }[] }>()
      .data;
    expect(told[0]).toMatchObject({ type: 'order.reviewed', title: 'You have a new review: 5 of 5' });
  });

  it('refuses a review before completion and after the 14 days', async () => {
    const listing = await liveListing(owner);
    const open = await placeOrder(buyer.client, offerBody(listing.id));
    const early = await buyer.client.post(ORDERS_API.review(open.id), { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'You can review once the order is completed.' });
    const { id, completedAt } = await completedOrder();
    const review = (now: Date) =>
      testApp.app.orders.service.review({ id: buyer.id } as never, id, { rating: 3, text: null }, now);
    await expect(review(new Date(completedAt.getTime() + 14 * DAY_MS))).rejects.toMatchObject({ statusCode: 409 });
    await review(new Date(completedAt.getTime() + 14 * DAY_MS - 1000));
  });

  it.each([
    ['no rating', {}, 'The Rating field is required'],
    ['0 stars', { rating: 0 }, 'Rating must be at least 1.'],
    ['6 stars', { rating: 6 }, 'Rating must be at most 5.'],
    ['half a star', { rating: 4.5 }, 'Rating must be a whole number.'],
    ['a rating as text', { rating: '5' }, 'Rating must be a number.'],
  ])('answers 422 to %s', async (_name, body, text) => {
    const { id } = await completedOrder();
    const response = await buyer.client.post(ORDERS_API.review(id), body);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).rating).toEqual([text]);
  });

  it('answers 422 to a review text over 1000 characters', async () => {
    const { id } = await completedOrder();
    const response = await buyer.client.post(ORDERS_API.review(id), { rating: 4, text: 'x'.repeat(1001) });
    expect(errorsOf(response)).toEqual({ text: ['The Review field may not be greater than 1000 characters'] });
  });
});

describe('who sees an order', () => {
  it('answers 404 to anyone but its buyer and seller, and to ids that name no order', async () => {
    const listing = await liveListing(owner);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    for (const id of [String(order.id), '2147483647', 'abc', '0', '-1']) {
      const response = await stranger.client.get(`/api/orders/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
    expect((await stranger.client.get(`${ORDERS_API.orders}?role=buyer`)).json()).toEqual({
      data: { action_needed: [], waiting: [] },
    });
  });
});

describe('the order page’s picture', () => {
  it('shows the listing’s cover photo to both sides, and none for a listing without photos', async () => {
    const listing = await stockedListing(company, 3);
    const order = await placeOrder(buyer.client, offerBody(listing.id));
    const cover = listing.photos[0];
    expect(cover).toBeDefined();
    expect(order.listing.thumb).toBe(cover?.thumb);
    expect(orderOf(await company.client.get(ORDERS_API.order(order.id))).listing.thumb).toBe(cover?.thumb);
    await testApp.database.db.deleteFrom('listing_photos').where('listing_id', '=', listing.id).execute();
    expect(orderOf(await buyer.client.get(ORDERS_API.order(order.id))).listing.thumb).toBeNull();
  });
});
