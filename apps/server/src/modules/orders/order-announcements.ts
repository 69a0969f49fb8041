import { realtimeChannels, type NotificationData } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { NotificationEvent } from '../notifications';
import type { OrderReviewed, OrderStepped, ReviewReminderDue } from './events';
import { RULES } from './order-machine';

const PATH = (id: number) => `/orders/${id}`;

async function titleOf(trx: Kysely<Database>, listingId: number): Promise<string> {
  const row = await trx.selectFrom('listings').select('title').where('id', '=', listingId).executeTakeFirst();
  return row?.title ?? '';
}

/**
 * Whom a step is told to, in what words: a request goes to the seller; a transition to whom its
 * rule names (order-machine.ts), each notification keyed by the step's audit row so a repeat is
 * one notification.
 */
export async function stepNotifications(
  trx: Kysely<Database>,
  { order, action, actor, eventId, reason, available, locale, moderationReason }: OrderStepped,
): Promise<NotificationEvent[]> {
  const title = await titleOf(trx, order.listing_id);
  if (moderationReason !== undefined) {
    // Moderation removed the listing: the buyer is told why, in their words; the seller has moderation's own notice.
    return [
      {
        userId: order.buyer_id,
        category: 'orders',
        type: 'order.endedByModeration',
        data: { order_id: order.id, title, reason: moderationReason },
        path: PATH(order.id),
        key: `order.${action}:${order.id}:${eventId}`,
      },
    ];
  }
  if (action === 'request') {
    return [
      {
        userId: order.seller_id,
        category: 'orders',
        type: 'order.requested',
        data: { order_id: order.id, title },
        path: PATH(order.id),
        key: `order.requested:${order.id}:${eventId}`,
        ...(locale && { locale }),
      },
    ];
  }
  const rule = RULES[action];
  const recipients =
    rule.tell === 'both'
      ? [order.buyer_id, order.seller_id]
      : rule.tell === 'buyer'
        ? [order.buyer_id]
        : rule.tell === 'seller'
          ? [order.seller_id]
          : [actor === 'buyer' ? order.seller_id : order.buyer_id];
  const data: NotificationData & Record<string, string | number> = { order_id: order.id, title };
  if (action === 'counter') data.amount = order.unit_price_fils / 100;
  if (action === 'cancel' || action === 'dispute') data.reason = reason ?? '';
  if (available !== undefined) {
    data.available = available;
    data.quantity = order.quantity;
  }
  return recipients.map((userId) => ({
    userId,
    category: 'orders',
    type: rule.notification,
    data,
    path: PATH(order.id),
    key: `order.${action}:${order.id}:${eventId}`,
  }));
}

/**
 * What follows an order's step or review beyond the order itself: its notifications, written in
 * the step's transaction and announced after it commits, and both sides' open pages told to
 * refetch it (real time speeds pages up; the API is the copy of record, so a failed push only makes
 * them late). Registered by the orders plugin; the use cases only emit.
 */
export function announceOrders(app: FastifyInstance): void {
  const notify = async (unit: UnitOfWork, events: readonly NotificationEvent[]) => {
    for (const event of events) await app.notifications.notifyIn(unit, event);
  };
  const orderChanged = (order: { id: number; buyer_id: number; seller_id: number }) =>
    app.realtime.publish(
      [realtimeChannels.user(order.buyer_id), realtimeChannels.user(order.seller_id)],
      'order.updated',
      { order_id: order.id },
    );

  app.events.on('order.stepped', 'in-transaction', async (step, unit) => {
    await notify(unit, await stepNotifications(unit.db, step));
  });
  app.events.on('order.stepped', 'after-commit', ({ order }) => orderChanged(order));
  app.events.on('order.reviewed', 'in-transaction', async (review: OrderReviewed, unit) => {
    const { order } = review;
    await notify(unit, [
      {
        userId: review.subjectId,
        category: 'orders',
        type: 'order.reviewed',
        data: { order_id: order.id, title: await titleOf(unit.db, order.listing_id), rating: review.rating },
        path: PATH(order.id),
        key: `order.reviewed:${order.id}:${review.side}`,
      },
    ]);
  });
  app.events.on('order.reviewed', 'after-commit', ({ order }) => orderChanged(order));
  app.events.on('order.reviewReminderDue', 'in-transaction', async ({ order, until }: ReviewReminderDue, unit) => {
    await notify(unit, [
      {
        userId: order.buyer_id,
        category: 'orders',
        type: 'order.reviewReminder',
        data: { order_id: order.id, title: await titleOf(unit.db, order.listing_id), until: until.getTime() },
        path: PATH(order.id),
        key: `order.reviewReminder:${order.id}`,
      },
    ]);
  });
}
