import { applyTransition } from './apply-transition';
import { CLOCK_ACTIONS, type ClockAction } from './order-machine';
import type { OrdersContext } from './orders-context';

/**
 * One order past its deadline moves on (the clock): claimed with its listing's row in one statement,
 * `for update skip locked`, so two processes never take the same one, the clock never waits for a
 * lock while holding one (a completion sells units: the listing's row, which every other unit takes
 * before the order's), and an order whose listing is busy waits for the next run. Checked again
 * under the lock. Answers what it did, or null when nothing is due. `onlyOrder` limits it to that
 * order (the tests' clock hook).
 */
export async function advanceOrder(
  { events, log }: OrdersContext,
  now: Date,
  onlyOrder?: number,
): Promise<{ id: number; action: ClockAction | null } | null> {
  return events.run(async (unit) => {
    const due = await unit.db
      .selectFrom('orders')
      .innerJoin('listings', 'listings.id', 'orders.listing_id')
      .selectAll('orders')
      .where('orders.deadline_at', '<=', now)
      .$if(onlyOrder !== undefined, (query) => query.where('orders.id', '=', onlyOrder ?? 0))
      .orderBy('orders.deadline_at')
      .orderBy('orders.id')
      .limit(1)
      .forUpdate(['orders', 'listings'])
      .skipLocked()
      .executeTakeFirst();
    if (!due) return null;
    const action = CLOCK_ACTIONS[due.status];
    if (!action) {
      // A deadline left on a state time does not move: clear it rather than look at it again.
      await unit.db.updateTable('orders').set({ deadline_at: null }).where('id', '=', due.id).execute();
      log.warn({ order: due.id, status: due.status }, 'order deadline in a state without a timer: cleared');
      return { id: due.id, action: null };
    }
    await applyTransition(unit, due, action, {
      actorId: null,
      role: null,
      now,
      reason: null,
      price: null,
      clientKey: null,
    });
    return { id: due.id, action };
  });
}
