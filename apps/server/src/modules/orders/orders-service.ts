import type {
  Locale,
  NewOrder,
  Order,
  OrderAction,
  OrderMonthTotals,
  OrderRole,
  OrderSummary,
  User,
} from '@marketplace/contracts';
import { actOnOrder, type ActionInput } from './act-on-order';
import { advanceOrder } from './advance-order';
import { createOrder } from './create-order';
import { lapseAnyUnfillable, lapseUnfillable } from './lapse-requests';
import type { ClockAction } from './order-machine';
import type { OrdersContext } from './orders-context';
import { openOrders, orderHistory, orderMonthTotals, viewOrder } from './read-orders';
import { remindReviews } from './remind-reviews';
import { reviewOrder } from './review-order';

/**
 * The orders module's use cases, one file each (docs/decisions/021, 029): every change is one unit
 * of work, its listing's row locked first when stock moves (as a moderator's removal takes it), then the order's, the state and the
 * actor checked, the order and its audit row written, and `order.stepped` emitted for whatever
 * follows (order-announcements.ts, chat's system line, the catalogue's listeners). A client's key
 * makes a retried request the same request.
 */
export class OrdersService {
  constructor(private readonly context: OrdersContext) {}

  /** Buy or Make an offer: a new request the seller answers. */
  create(buyer: User, input: NewOrder, now = new Date(), locale?: Locale): Promise<{ id: number; created: boolean }> {
    return createOrder(this.context, buyer, input, now, locale);
  }

  /** `user` takes `action` on order `id` (act-on-order.ts). */
  act(user: User, id: number, action: OrderAction, input: ActionInput, now = new Date()): Promise<void> {
    return actOnOrder(this.context, user, id, action, input, now);
  }

  /** After an Accept, the listing's requests what is left cannot fill lapse (decision 028). */
  lapseUnfillable(listingId: number, now: Date): Promise<number[]> {
    return lapseUnfillable(this.context, listingId, now);
  }

  /** The clock's sweep of requests that can no longer be filled, at most `limit`. */
  lapseAnyUnfillable(now: Date, limit: number): Promise<number[]> {
    return lapseAnyUnfillable(this.context, now, limit);
  }

  /** One order past its deadline moves on (the clock). */
  advanceOne(now: Date, onlyOrder?: number): Promise<{ id: number; action: ClockAction | null } | null> {
    return advanceOrder(this.context, now, onlyOrder);
  }

  /** Buyers who have not reviewed are reminded, once, before the window closes (the clock). */
  remindReviews(now: Date, limit: number, onlyOrder?: number): Promise<number[]> {
    return remindReviews(this.context, now, limit, onlyOrder);
  }

  /** A side reviews the other, once, within the window after completion. */
  review(user: User, id: number, input: { rating: number; text: string | null }, now = new Date()): Promise<void> {
    return reviewOrder(this.context, user, id, input, now);
  }

  /** One order as its buyer or seller sees it, or null for anyone else. */
  view(user: User, id: number, locale: Locale, now = new Date()): Promise<Order | null> {
    return viewOrder(this.context, user, id, locale, now);
  }

  /** My purchases or My sales: open orders, those waiting for me first. */
  open(
    user: User,
    role: OrderRole,
    locale: Locale,
    now = new Date(),
  ): Promise<{ action_needed: OrderSummary[]; waiting: OrderSummary[] }> {
    return openOrders(this.context, user, role, locale, now);
  }

  /** Finished orders, newest first, a page at a time. */
  history(
    user: User,
    role: OrderRole | undefined,
    locale: Locale,
    cursor: number | undefined,
    limit: number,
    now = new Date(),
    q?: string,
  ): Promise<{ data: OrderSummary[]; next_cursor: string | null }> {
    return orderHistory(this.context, user, role, locale, cursor, limit, now, q);
  }

  /** The history's totals per calendar month, in the user's own time zone. */
  monthTotals(user: User): Promise<{ data: OrderMonthTotals[]; time_zone: string }> {
    return orderMonthTotals(this.context, user);
  }
}
