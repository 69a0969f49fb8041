import type { UnitOfWork } from '../../events/unit-of-work';
import { lockStock } from '../catalogue';
import { applyTransition } from './apply-transition';
import { cannotBeFilled, unitsLeft } from './order-machine';
import type { OrderRow, OrdersContext } from './orders-context';
import { unfillableRequests } from './unfillable-requests';

type StockRow = Awaited<ReturnType<typeof lockStock>>;

/** Requests lapsed side by side after an Accept: well within the pool, which other requests share. */
const LAPSES_AT_ONCE = 4;

/**
 * After an Accept: the listing's other requests that what is left can no longer fill lapse now,
 * each in its own transaction (decision 028). Answers their ids.
 */
export async function lapseUnfillable(context: OrdersContext, listingId: number, now: Date): Promise<number[]> {
  return lapseAll(context, await unfillableRequests(context.db, { listingId }), now);
}

/**
 * The clock's sweep for what an Accept's own pass could not end: a request that arrived as the
 * last unit went, one another transaction held, a listing sold outside orders. At most `limit`.
 */
export async function lapseAnyUnfillable(context: OrdersContext, now: Date, limit: number): Promise<number[]> {
  return lapseAll(context, await unfillableRequests(context.db, { limit }), now);
}

/** A few at a time: each takes the listing's row shared, then its own order and conversation. */
async function lapseAll(context: OrdersContext, ids: readonly number[], now: Date): Promise<number[]> {
  const lapsed: number[] = [];
  for (let start = 0; start < ids.length; start += LAPSES_AT_ONCE) {
    const batch = ids.slice(start, start + LAPSES_AT_ONCE);
    const done = await Promise.all(batch.map((id) => lapseOne(context, id, now, false)));
    lapsed.push(...batch.filter((_id, index) => done[index]));
  }
  return lapsed;
}

/**
 * Request `id` lapses if what is left of its listing cannot fill it. Without `wait` an order another
 * transaction holds is skipped: it lapses when that one lets go (an Accept refused for want of
 * stock lapses its own request) or at the clock's next sweep.
 */
export async function lapseOne(context: OrdersContext, id: number, now: Date, wait: boolean): Promise<boolean> {
  return context.events.run(async (unit) => {
    const request = await unit.db.selectFrom('orders').select('listing_id').where('id', '=', id).executeTakeFirst();
    if (!request) return false;
    // The listing's row first, shared (lapses of one listing's requests run side by side and wait only
    // for an Accept), then the order's: the order every unit that takes both takes them in.
    const listing = await lockStock(unit.db, request.listing_id, 'share');
    const locking = unit.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'requested')
      .forUpdate();
    const order = await (wait ? locking : locking.skipLocked()).executeTakeFirst();
    return order ? lapseIfUnfillable(unit, order, listing, now) : false;
  });
}

/** With the listing's row and then the order's locked: the request lapses if what is left cannot fill it. */
async function lapseIfUnfillable(unit: UnitOfWork, order: OrderRow, listing: StockRow, now: Date): Promise<boolean> {
  const left = unitsLeft(listing);
  if (!cannotBeFilled(order.quantity, left)) return false;
  await applyTransition(unit, order, 'lapse', {
    actorId: null,
    role: null,
    now,
    reason: null,
    price: null,
    clientKey: null,
    available: left,
  });
  return true;
}
