import { encodeMessage, message, tradeRules, type Locale, type NewOrder, type User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../plugins/validation';
import { blockBetween } from '../blocks';
import { deadlineFor } from './order-machine';
import { conflict, recordStep, type OrdersContext } from './orders-context';

async function byClientKey(trx: Kysely<Database>, buyerId: number, key: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select('id')
    .where('buyer_id', '=', buyerId)
    .where('client_key', '=', key)
    .executeTakeFirst();
  return row?.id;
}

/** The listing as a new request reads it, shared: an Accept taking the last units waits for this request, or this request sees them gone. */
const listingToOrder = (trx: Kysely<Database>, id: number) =>
  trx
    .selectFrom('listings')
    .select((eb) => [
      'id',
      'seller_id',
      'status',
      'title',
      'price_fils',
      'negotiable',
      'quantity',
      'reserved',
      'pickup',
      'delivery',
      'delivery_fee_fils',
      'hidden_at',
      // How its category trades (issue 32); no category (never published) trades as items.
      eb
        .selectFrom('categories')
        .select('categories.trade_kind')
        .whereRef('categories.id', '=', 'listings.category_id')
        .as('trade_kind'),
    ])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();

type ListingToOrder = NonNullable<Awaited<ReturnType<typeof listingToOrder>>>;

/** Whether `buyer` may ask for this listing as `input` asks: 409 or 422 with the rule they broke if not. */
async function checkRequest(trx: Kysely<Database>, buyer: User, input: NewOrder, listing: ListingToOrder | undefined) {
  // A suspended seller's listing is hidden (issue 29): nobody can order it meanwhile.
  if (!listing || !['active', 'reserved', 'sold', 'expired'].includes(listing.status) || listing.hidden_at !== null) {
    throw ValidationError.forField('listing_id', encodeMessage(message('order.listingUnavailable')));
  }
  if (listing.seller_id === buyer.id) throw conflict('order.ownListing');
  const block = await blockBetween(trx, buyer.id, listing.seller_id);
  if (block === 'i-blocked') throw conflict('order.youBlockedSeller');
  if (block === 'blocked-me') throw conflict('order.sellerBlockedYou');
  if (listing.status !== 'active') throw conflict('order.listingUnavailable');
  // What the category's kind of trade allows (issue 32), whatever a page offered.
  const trade = tradeRules(listing.trade_kind);
  if (!trade.buy && !trade.offer) throw conflict('order.rentNotOrderable');
  if (input.kind === 'buy' && !trade.buy) throw conflict('order.buyNotAllowed');
  if (!trade.delivery && input.delivery_method === 'delivery') throw conflict('order.deliveryNotForKind');
  if (input.kind === 'offer' && !listing.negotiable) throw conflict('order.notNegotiable');
  const available = listing.quantity - listing.reserved;
  if ((input.quantity ?? 1) > available) {
    throw ValidationError.forField('quantity', encodeMessage(message('order.notEnoughStock', { available })));
  }
  const method = input.delivery_method;
  // Without delivery options the buyer collects it where it is, whatever the listing once said.
  if (trade.delivery && ((method === 'pickup' && !listing.pickup) || (method === 'delivery' && !listing.delivery))) {
    throw ValidationError.forField('delivery_method', encodeMessage(message('order.deliveryUnavailable')));
  }
  return listing;
}

/** The address to deliver to, as stored with the order, once its city is known to exist. */
async function deliveryAddress(trx: Kysely<Database>, input: NewOrder): Promise<string | null> {
  const given = input.delivery_address;
  if (input.delivery_method !== 'delivery' || !given) return null;
  const city = await trx.selectFrom('cities').select('id').where('id', '=', given.city_id).executeTakeFirst();
  if (!city) {
    throw ValidationError.forField(
      'delivery_address.city_id',
      encodeMessage(message('rule.default', { field: message('field.city_id') })),
    );
  }
  return JSON.stringify(given);
}

/**
 * Buy or Make an offer: a new request the seller answers. Answers the order's id (the existing one
 * for a retried key). The request is the order's first step (`order.stepped`, action `request`).
 */
export async function createOrder(
  { events }: OrdersContext,
  buyer: User,
  input: NewOrder,
  now: Date,
  locale?: Locale,
): Promise<{ id: number; created: boolean }> {
  return events.run(async (unit) => {
    const trx = unit.db;
    if (input.client_key !== undefined) {
      const existing = await byClientKey(trx, buyer.id, input.client_key);
      if (existing) return { id: existing, created: false };
    }
    const listing = await checkRequest(trx, buyer, input, await listingToOrder(trx, input.listing_id));
    const quantity = input.quantity ?? 1;
    const method = input.delivery_method;
    const listedPrice = listing.price_fils ?? 0;
    const price = input.kind === 'offer' ? (input.offer_fils ?? listedPrice) : listedPrice;
    const inserted = await trx
      .insertInto('orders')
      .values({
        listing_id: listing.id,
        buyer_id: buyer.id,
        seller_id: listing.seller_id,
        kind: input.kind,
        status: 'requested',
        awaiting: 'seller',
        quantity,
        unit_price_fils: price,
        listed_price_fils: listedPrice,
        rounds: input.kind === 'offer' ? 1 : 0,
        delivery_method: method,
        delivery_fee_fils: method === 'delivery' ? (listing.delivery_fee_fils ?? 0) : 0,
        delivery_address: await deliveryAddress(trx, input),
        note: input.note,
        client_key: input.client_key ?? null,
        deadline_at: deadlineFor('requested', now),
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflicting) => conflicting.constraint('orders_client_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      // The same key arrived twice at once: the other request made it.
      const existing = await byClientKey(trx, buyer.id, input.client_key ?? '');
      if (existing) return { id: existing, created: false };
      throw conflict('order.clientKeyReused');
    }
    const eventId = await recordStep(trx, {
      orderId: inserted.id,
      actorId: buyer.id,
      action: 'request',
      from: null,
      to: 'requested',
      now,
      data: { price_fils: price, quantity },
    });
    await unit.emit('order.stepped', {
      order: inserted,
      action: 'request',
      actor: 'buyer',
      eventId,
      reason: null,
      ...(locale && { locale }),
    });
    return { id: inserted.id, created: true };
  });
}
