import { FINISHED_ORDER_STATUSES, type OrderRole, type OrderStatus } from '@marketplace/contracts';
import type { Updateable } from 'kysely';
import type { OrdersTable } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import { lockStock, releaseUnits, reserveUnits, sellUnits } from '../catalogue';
import { RULES, deadlineFor, type AnyAction } from './order-machine';
import { conflict, recordStep, type OrderRow } from './orders-context';

/** Who takes a transition, and what they gave with it. */
export interface TransitionContext {
  actorId: number | null;
  role: OrderRole | null;
  now: Date;
  reason: string | null;
  price: number | null;
  clientKey: string | null;
  /** A lapse: the units left, fewer than the request's. */
  available?: number;
  /** Moderation removed the listing, for this reason (issue 29): the order ends by the marketplace's act. */
  moderationReason?: string;
}

const STOCK_MOVES = { reserve: reserveUnits, release: releaseUnits, sell: sellUnits } as const;

/**
 * Takes `action` on `order`, whose row the unit has locked (after its listing's, when the action
 * moves stock: that lock is taken again here, already held) and whose turn was checked: the
 * listing's stock moves first as the rule says (the catalogue does it), then the order's row and its
 * audit row; `order.stepped` tells the rest (its conversation, its notifications, real time).
 * Answers the order as it left it.
 */
export async function applyTransition(
  unit: UnitOfWork,
  order: OrderRow,
  action: AnyAction,
  context: TransitionContext,
): Promise<OrderRow> {
  const { now } = context;
  const rule = RULES[action];
  if (rule.stock) {
    const listing = await lockStock(unit.db, order.listing_id);
    if (rule.stock === 'reserve') {
      // Checked again under the listing's lock: an Accept's first look was before it.
      if (listing.status !== 'active') {
        throw conflict(context.role === 'seller' ? 'order.notOnSaleForSeller' : 'order.listingUnavailable');
      }
      const available = listing.quantity - listing.reserved;
      if (order.quantity > available) throw conflict('order.notEnoughStock', { available });
    }
    await STOCK_MOVES[rule.stock](unit, listing, {
      quantity: order.quantity,
      buyerId: order.buyer_id,
      actorId: context.actorId,
      now,
    });
  }

  const updated = await unit.db
    .updateTable('orders')
    .set(changesOf(order, action, context))
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();

  const data: Record<string, string | number | null> = {};
  if (action === 'counter') data.price_fils = updated.unit_price_fils;
  if (context.reason !== null) data.reason = context.reason;
  if (context.available !== undefined) data.available = context.available;
  if (context.moderationReason !== undefined) data.moderation_reason = context.moderationReason;
  const eventId = await recordStep(unit.db, {
    orderId: order.id,
    actorId: context.actorId,
    action,
    from: order.status,
    to: rule.to,
    now,
    data,
    clientKey: context.clientKey,
  });
  await unit.emit('order.stepped', {
    order: updated,
    action,
    actor: context.role,
    eventId,
    reason: context.reason,
    ...(context.available !== undefined && { available: context.available }),
    ...(context.moderationReason !== undefined && { moderationReason: context.moderationReason }),
  });
  return updated;
}

/** The order's columns a transition sets: its state, whose turn, its clock, and what the action carried. */
function changesOf(order: OrderRow, action: AnyAction, context: TransitionContext): Updateable<OrdersTable> {
  const { now } = context;
  const to: OrderStatus = RULES[action].to;
  const changes: Updateable<OrdersTable> = {
    status: to,
    awaiting: null,
    updated_at: now,
    deadline_at: deadlineFor(to, now),
  };
  if (action === 'counter') {
    changes.awaiting = context.role === 'seller' ? 'buyer' : 'seller';
    changes.unit_price_fils = context.price ?? order.unit_price_fils;
    changes.rounds = order.rounds + 1;
  }
  if (action === 'accept') changes.accepted_at = now;
  if (action === 'hand_over') changes.handed_over_at = now;
  if (action === 'confirm_receipt' || action === 'auto_receive') changes.received_at = now;
  if (action === 'complete') changes.completed_at = now;
  if ((FINISHED_ORDER_STATUSES as readonly OrderStatus[]).includes(to)) changes.ended_at = now;
  if (context.reason !== null) changes.reason = context.reason;
  return changes;
}
