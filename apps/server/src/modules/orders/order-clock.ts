import type { ClockAction } from './order-machine';
import type { OrdersService } from './orders-service';

export interface OrderClockResult {
  expired: number[];
  received: number[];
  completed: number[];
  /** Requests what is left of their listing can no longer fill (decision 028). */
  lapsed: number[];
  /** Orders whose buyer was reminded to review (remind-reviews.ts). */
  reminded: number[];
}

/** At most this many orders per run: a backlog drains over a few runs rather than in one long one. */
export const ORDER_CLOCK_BATCH = 500;

/**
 * What time does to orders up to `now` (every minute in the server, with any `now` in the tests):
 * requests unanswered for 48 hours expire, hand-overs unconfirmed for 7 days count as received,
 * receipts undisputed for 48 hours complete; then requests their listing can no longer fill lapse
 * (decision 028), and buyers who have not reviewed are reminded once before the window closes. The deadlines are columns, so a restart loses none; each order is claimed in its
 * own transaction with `for update skip locked`, so two processes never move the same order, and
 * the state is checked again under the lock.
 */
export async function runOrderClock(orders: OrdersService, now = new Date()): Promise<OrderClockResult> {
  const result: OrderClockResult = { expired: [], received: [], completed: [], lapsed: [], reminded: [] };
  const lists: Record<ClockAction, number[]> = {
    expire: result.expired,
    auto_receive: result.received,
    complete: result.completed,
  };
  for (let done = 0; done < ORDER_CLOCK_BATCH; done += 1) {
    const moved = await orders.advanceOne(now);
    if (!moved) break;
    if (moved.action) lists[moved.action].push(moved.id);
  }
  result.lapsed = await orders.lapseAnyUnfillable(now, ORDER_CLOCK_BATCH);
  result.reminded = await orders.remindReviews(now, ORDER_CLOCK_BATCH);
  return result;
}
