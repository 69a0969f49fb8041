import type { Locale, OrderRole } from '@marketplace/contracts';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema';
import type { AnyAction } from './order-machine';

/**
 * One step of an order: a request made, or a transition taken (by a side, or by the clock). Emitted
 * inside the step's transaction, after the order's row and its audit row are written.
 */
export interface OrderStepped {
  /** The order as the step left it. */
  order: Selectable<OrdersTable>;
  action: AnyAction | 'request';
  /** The side that took it, or null for the clock. */
  actor: OrderRole | null;
  /** The step's row in `order_events`: what makes each step's notifications its own. */
  eventId: number;
  /** The reason given (cancel, decline, dispute), if any. */
  reason: string | null;
  /** A lapse: the units left, fewer than the request's. */
  available?: number;
  /** The language of whoever took the step, when a person did. */
  locale?: Locale;
  /** The listing was removed by moderation for this reason: the marketplace ended the order (issue 29). */
  moderationReason?: string;
}

/**
 * A review written: the order's other side is told. Emitted inside the review's transaction.
 */
export interface OrderReviewed {
  order: { id: number; listing_id: number; buyer_id: number; seller_id: number };
  side: OrderRole;
  subjectId: number;
  rating: number;
}

/** A buyer who has not reviewed is reminded once before the window closes `until` (remind-reviews.ts). */
export interface ReviewReminderDue {
  order: { id: number; listing_id: number; buyer_id: number; seller_id: number };
  until: Date;
}

/** The orders module's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    'order.stepped': OrderStepped;
    'order.reviewed': OrderReviewed;
    'order.reviewReminderDue': ReviewReminderDue;
  }
}

/** A step as the order's conversation shows it: a system line between its buyer and seller about the listing. */
export interface OrderStep {
  listingId: number;
  buyerId: number;
  sellerId: number;
  action: AnyAction | 'request';
  /** Who took it: a side, or null for the clock. */
  actor: OrderRole | null;
  /** The marketplace's moderation ended it (its listing was removed), rather than a side or the clock. */
  byModeration?: boolean;
}

/** The step's line in the conversation. */
export const stepOf = ({ order, action, actor, moderationReason }: OrderStepped): OrderStep => ({
  listingId: order.listing_id,
  buyerId: order.buyer_id,
  sellerId: order.seller_id,
  action,
  actor,
  ...(moderationReason !== undefined && { byModeration: true }),
});
