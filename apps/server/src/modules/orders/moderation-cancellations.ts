import type { UnitOfWork } from '../../events/unit-of-work';
import { applyTransition } from './apply-transition';

/**
 * Moderation removed a listing (issue 29): its open orders end in the removal's transaction, each
 * as a step of its own machine, taken by nobody (the marketplace), with the reason: a request is
 * declined, an accepted order cancelled (its units go back). Its buyer is told why, and the
 * conversation gets the step's line, as for any other step.
 */
export async function endOpenOrders(
  unit: UnitOfWork,
  { listingId, reason, at }: { listingId: number; reason: string; at: Date },
): Promise<void> {
  const open = await unit.db
    .selectFrom('orders')
    .selectAll()
    .where('listing_id', '=', listingId)
    .where('status', 'in', ['requested', 'accepted'])
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const order of open) {
    await applyTransition(unit, order, order.status === 'requested' ? 'decline' : 'cancel', {
      actorId: null,
      role: null,
      now: at,
      reason: null,
      price: null,
      clientKey: null,
      moderationReason: reason,
    });
  }
}
