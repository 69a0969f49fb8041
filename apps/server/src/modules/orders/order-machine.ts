import {
  message,
  ORDER_ACTION_NAMES,
  ORDER_LIMITS,
  ORDER_STATUS_NAMES,
  orderActions,
  type ListingStatus,
  type Message,
  type MessageKey,
  type NotificationType,
  type OrderAction,
  type OrderRole,
  type OrderStatus,
} from '@marketplace/contracts';

/**
 * The order state machine of docs/product/marketplace.md as data (docs/decisions/021): which side may
 * take which action from which state, where it leads, whom it is told to, what it does to the
 * listing's stock, and what time does on its own. Pure: apply-transition.ts applies it inside one
 * transaction with the order's row locked (docs/decisions/029).
 */

/** What time does: a request expires, a hand-over counts as received, a receipt completes. */
export type ClockAction = 'expire' | 'auto_receive' | 'complete';
/** What another order does: a request what is left can no longer fill lapses (decision 028). */
export type StockAction = 'lapse';
export type AnyAction = OrderAction | ClockAction | StockAction;

/** The part of an order the rules read. */
export interface OrderState {
  status: OrderStatus;
  awaiting: OrderRole | null;
  kind: 'buy' | 'offer';
  rounds: number;
  received_at: Date | null;
}

interface Rule {
  from: OrderStatus;
  to: OrderStatus;
  /** Who may: a side, either side, or whichever side the request waits for. */
  by: OrderRole | 'either' | 'awaited';
  /** Whom the event is told to: the other side, or both. */
  tell: 'other' | 'both' | 'buyer' | 'seller';
  notification: NotificationType;
  /** What it does to the listing's stock (the catalogue does it): hold the units, give them back, sell them. */
  stock?: 'reserve' | 'release' | 'sell';
}

export const RULES: Readonly<Record<AnyAction, Rule>> = {
  accept: {
    from: 'requested',
    to: 'accepted',
    by: 'awaited',
    tell: 'other',
    notification: 'order.accepted',
    stock: 'reserve',
  },
  decline: { from: 'requested', to: 'declined', by: 'awaited', tell: 'other', notification: 'order.declined' },
  counter: { from: 'requested', to: 'requested', by: 'awaited', tell: 'other', notification: 'order.countered' },
  withdraw: { from: 'requested', to: 'withdrawn', by: 'buyer', tell: 'other', notification: 'order.withdrawn' },
  hand_over: { from: 'accepted', to: 'handed_over', by: 'seller', tell: 'other', notification: 'order.handed_over' },
  cancel: {
    from: 'accepted',
    to: 'cancelled',
    by: 'either',
    tell: 'other',
    notification: 'order.cancelled',
    stock: 'release',
  },
  confirm_receipt: {
    from: 'handed_over',
    to: 'received',
    by: 'buyer',
    tell: 'other',
    notification: 'order.received',
  },
  dispute: { from: 'received', to: 'disputed', by: 'buyer', tell: 'other', notification: 'order.disputed' },
  expire: { from: 'requested', to: 'expired', by: 'either', tell: 'both', notification: 'order.expired' },
  auto_receive: { from: 'handed_over', to: 'received', by: 'either', tell: 'both', notification: 'order.received' },
  complete: {
    from: 'received',
    to: 'completed',
    by: 'either',
    tell: 'both',
    notification: 'order.completed',
    stock: 'sell',
  },
  // The seller, or the buyer accepting a counter-offer, took what was left: only the losing buyer is told.
  lapse: { from: 'requested', to: 'lapsed', by: 'either', tell: 'buyer', notification: 'order.lapsed' },
};

/**
 * Units of a listing a request may still be filled from: what is not reserved while it is on sale
 * or reserved, none once it is sold; null while it is off sale (paused or expired, it may come
 * back; removed or a draft), where the request's own 48 hours decide.
 */
export function unitsLeft(listing: { status: ListingStatus; quantity: number; reserved: number }): number | null {
  if (listing.status === 'active' || listing.status === 'reserved') return listing.quantity - listing.reserved;
  if (listing.status === 'sold') return 0;
  return null;
}

/** Whether a request for `quantity` units lapses with `left` units left (decision 028). */
export const cannotBeFilled = (quantity: number, left: number | null): left is number =>
  left !== null && quantity > left;

/**
 * A side answering a request that lapsed is told why in its own words (the seller that another order
 * took what was left; a buyer accepting a counter-offer that the listing cannot be ordered now),
 * rather than the state's name.
 */
const LAPSED_ANSWERS: Readonly<Record<OrderRole, { actions: readonly OrderAction[]; message: MessageKey }>> = {
  seller: { actions: ['accept', 'decline', 'counter'], message: 'order.lapsedForSeller' },
  buyer: { actions: ['accept', 'counter'], message: 'order.listingUnavailable' },
};

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** When time moves an order in `status` on by itself, counted from `now`; null when it never does. */
export function deadlineFor(status: OrderStatus, now: Date): Date | null {
  if (status === 'requested') return new Date(now.getTime() + ORDER_LIMITS.answerHours * HOUR_MS);
  if (status === 'handed_over') return new Date(now.getTime() + ORDER_LIMITS.autoReceiptDays * DAY_MS);
  if (status === 'received') return new Date(now.getTime() + ORDER_LIMITS.disputeHours * HOUR_MS);
  return null;
}

/** The clock's action for an order past its deadline in `status`. */
export const CLOCK_ACTIONS: Readonly<Partial<Record<OrderStatus, ClockAction>>> = {
  requested: 'expire',
  handed_over: 'auto_receive',
  received: 'complete',
};

export const reviewUntil = (completedAt: Date | null): Date | null =>
  completedAt === null ? null : new Date(completedAt.getTime() + ORDER_LIMITS.reviewDays * DAY_MS);

/** Why `role` may not take `action` now, or null when it may. */
export function refusal(action: OrderAction, order: OrderState, role: OrderRole, now: Date): Message | null {
  const rule = RULES[action];
  const lapsed = LAPSED_ANSWERS[role];
  if (order.status === 'lapsed' && lapsed.actions.includes(action)) return message(lapsed.message);
  const outOfTurn = message('order.outOfTurn', {
    action: message(ORDER_ACTION_NAMES[action]),
    status: message(ORDER_STATUS_NAMES[order.status]),
  });
  if (order.status !== rule.from) return outOfTurn;
  if (rule.by === 'awaited' && order.awaiting !== role) return message('order.notYourTurn');
  if ((rule.by === 'buyer' || rule.by === 'seller') && rule.by !== role) return outOfTurn;
  if (action === 'counter') {
    if (order.kind !== 'offer') return message('order.offersOnly');
    if (order.rounds >= ORDER_LIMITS.maxRounds) return message('order.noMoreRounds');
  }
  if (action === 'dispute') {
    const since = order.received_at?.getTime() ?? 0;
    if (now.getTime() >= since + ORDER_LIMITS.disputeHours * HOUR_MS) return message('order.disputeClosed');
  }
  return null;
}

/** The actions `role` may take on `order` now: the order page shows exactly these. */
export const allowedActions = (order: OrderState, role: OrderRole, now: Date): OrderAction[] =>
  orderActions.filter((action) => refusal(action, order, role, now) === null);
