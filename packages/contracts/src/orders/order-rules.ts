import { message, type Message, type MessageKey } from '../i18n/message';
import { characterCount, isPlainText } from '../rules/values';

/**
 * The order states of docs/product/marketplace.md, the actions people take on them, and the rules the
 * order form and the API share. Zod-free: the web's order pages read it without the schemas.
 */
export const orderStatuses = [
  'requested',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  // What is left of the listing can no longer fill the request: another order took it (decision 028).
  'lapsed',
  'handed_over',
  'received',
  'completed',
  'cancelled',
  'disputed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Orders still under way: My purchases and My sales list them. */
export const OPEN_ORDER_STATUSES = [
  'requested',
  'accepted',
  'handed_over',
  'received',
  'disputed',
] as const satisfies readonly OrderStatus[];
/** Finished orders: the orders history. */
export const FINISHED_ORDER_STATUSES = [
  'completed',
  'cancelled',
  'declined',
  'withdrawn',
  'expired',
  'lapsed',
] as const satisfies readonly OrderStatus[];

/** What a buyer or a seller does to an order (time does the rest: expiry, automatic receipt, completion). */
export const orderActions = [
  'accept',
  'decline',
  'counter',
  'withdraw',
  'hand_over',
  'cancel',
  'confirm_receipt',
  'dispute',
] as const;
export type OrderAction = (typeof orderActions)[number];

export const orderKinds = ['buy', 'offer'] as const;
export type OrderKind = (typeof orderKinds)[number];
export const deliveryMethods = ['pickup', 'delivery'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];
export const orderRoles = ['buyer', 'seller'] as const;
export type OrderRole = (typeof orderRoles)[number];

export const ORDER_LIMITS = {
  /** Offers and counter-offers in all, the buyer's first offer included. */
  maxRounds: 3,
  /** A request nobody answers expires after this long (counted again from each counter-offer). */
  answerHours: 48,
  /** A handed-over order counts as received after this long if the buyer says nothing. */
  autoReceiptDays: 7,
  /** The buyer may open a dispute this long after receipt; then the order completes. */
  disputeHours: 48,
  /** Each side may review the other this long after completion. */
  reviewDays: 14,
  textMax: 1000,
  quantityMax: 10_000,
  priceMaxFils: 10_000_000_000,
  clientKeyMax: 100,
} as const;

/** A client's key for one intent (a UUID, say): the same key again is the same request, applied once. */
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

export const ORDER_STATUS_NAMES = {
  requested: 'order.status.requested',
  accepted: 'order.status.accepted',
  declined: 'order.status.declined',
  withdrawn: 'order.status.withdrawn',
  expired: 'order.status.expired',
  lapsed: 'order.status.lapsed',
  handed_over: 'order.status.handed_over',
  received: 'order.status.received',
  completed: 'order.status.completed',
  cancelled: 'order.status.cancelled',
  disputed: 'order.status.disputed',
} as const satisfies Record<OrderStatus, MessageKey>;

export const ORDER_ACTION_NAMES = {
  accept: 'order.action.accept',
  decline: 'order.action.decline',
  counter: 'order.action.counter',
  withdraw: 'order.action.withdraw',
  hand_over: 'order.action.hand_over',
  cancel: 'order.action.cancel',
  confirm_receipt: 'order.action.confirm_receipt',
  dispute: 'order.action.dispute',
} as const satisfies Record<OrderAction, MessageKey>;

/** Each action's address under /api/orders/:id/. */
export const ORDER_ACTION_PATHS = {
  accept: 'accept',
  decline: 'decline',
  counter: 'counter',
  withdraw: 'withdraw',
  hand_over: 'hand-over',
  cancel: 'cancel',
  confirm_receipt: 'confirm-receipt',
  dispute: 'dispute',
} as const satisfies Record<OrderAction, string>;

/** The longest search in the orders history (a title or a name). */
export const ORDER_HISTORY_SEARCH_MAX = 100;

/** How many months of totals the orders history shows. */
export const ORDER_TOTALS_MONTHS = 24;

export const ORDERS_API = {
  orders: '/api/orders',
  history: '/api/orders/history',
  totals: '/api/orders/history/totals',
  order: (id: number) => `/api/orders/${id}`,
  action: (id: number, action: OrderAction) => `/api/orders/${id}/${ORDER_ACTION_PATHS[action]}`,
  review: (id: number) => `/api/orders/${id}/review`,
  /** Development and tests only: runs the order clock for one order at a given instant (never in production). */
  testClock: '/api/test/orders/clock',
} as const;

/** Actions that need a reason (decline takes one if given). */
export const REASON_REQUIRED: readonly OrderAction[] = ['cancel', 'dispute'];

export interface OrderActionValues {
  reason?: string | null | undefined;
  price_fils?: number | null | undefined;
}

export type OrderActionProblems = Partial<Record<'reason' | 'price_fils', Message>>;

/** What is wrong with an action's details, if anything: the order page checks as the API does. */
export function orderActionProblems(action: OrderAction, values: OrderActionValues): OrderActionProblems {
  const problems: OrderActionProblems = {};
  const reason = values.reason?.trim() ?? '';
  if (!isPlainText(reason, { multiline: true })) {
    problems.reason = message('rule.default', { field: message('order.field.reason') });
  } else if (characterCount(reason) > ORDER_LIMITS.textMax) {
    problems.reason = message('rule.max', { field: message('order.field.reason'), length: ORDER_LIMITS.textMax });
  } else if (REASON_REQUIRED.includes(action) && reason === '') {
    problems.reason = message('rule.required', { field: message('order.field.reason') });
  }
  if (action === 'counter' && (values.price_fils === null || values.price_fils === undefined)) {
    problems.price_fils = message('rule.required', { field: message('order.field.price') });
  }
  return problems;
}

/** The order's total as the buyer pays it: units at the agreed price, and the delivery fee. */
export const orderTotalFils = (order: {
  quantity: number;
  unit_price_fils: number;
  delivery_fee_fils: number;
}): number => order.quantity * order.unit_price_fils + order.delivery_fee_fils;

/**
 * Whether an order waits for `role` to act: a request for the side it awaits, an accepted order for
 * the seller to hand over, a handed-over one for the buyer to confirm. My purchases and My sales list
 * these first; withdrawing or cancelling is always possible but never awaited.
 */
export function needsAction(order: { status: OrderStatus; awaiting: OrderRole | null }, role: OrderRole): boolean {
  if (order.status === 'requested') return order.awaiting === role;
  if (order.status === 'accepted') return role === 'seller';
  if (order.status === 'handed_over') return role === 'buyer';
  return false;
}
