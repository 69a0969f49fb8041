import { z } from 'zod/mini';
import { encodeMessage, message, type MessageKey } from '../i18n/message';
import { isInt4IdText, isStorableTime } from '../rules/column-ranges';
import { boundedWholeNumber } from '../rules/number-fields';
import { characterCount, isPlainText } from '../rules/values';
import {
  CLIENT_KEY_PATTERN,
  ORDER_HISTORY_SEARCH_MAX,
  deliveryMethods,
  ORDER_LIMITS,
  orderActions,
  orderKinds,
  orderRoles,
  orderStatuses,
} from './order-rules';

const notValid = (label: MessageKey) => () => encodeMessage(message('rule.default', { field: message(label) }));
const required = (label: MessageKey) => encodeMessage(message('rule.required', { field: message(label) }));

/** "Required" when the field is missing, "not valid" when it holds something else. */
const requiredOr =
  (label: MessageKey) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? required(label) : notValid(label)();

/** Where a page of orders starts: an order's id, digits within its column's range (past it, not a cursor). */
const idCursor = z.optional(
  z
    .string({ error: notValid('order.field.cursor') })
    .check(z.refine(isInt4IdText, { error: notValid('order.field.cursor') })),
);

/** Plain text up to `max` characters, trimmed; empty, missing or null is null. */
const optionalText = (label: MessageKey, max: number, multiline: boolean) =>
  z.pipe(
    z.nullish(z.string({ error: notValid(label) })).check(
      z.refine((value) => value == null || isPlainText(value, { multiline }), { error: notValid(label) }),
      z.refine((value) => value == null || characterCount(value.trim()) <= max, {
        error: () => encodeMessage(message('rule.max', { field: message(label), length: max })),
      }),
    ),
    z.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  );

const requiredText = (label: MessageKey, max: number) =>
  z.pipe(
    z.string({ error: () => required(label) }).check(
      z.refine((value) => isPlainText(value), { error: notValid(label) }),
      z.refine((value) => characterCount(value.trim()) <= max, {
        error: () => encodeMessage(message('rule.max', { field: message(label), length: max })),
      }),
      z.refine((value) => value.trim() !== '', { error: () => required(label) }),
    ),
    z.transform((value) => value.trim()),
  );

const clientKey = z.optional(
  z
    .string({ error: notValid('order.field.clientKey') })
    .check(z.regex(CLIENT_KEY_PATTERN, { error: notValid('order.field.clientKey') })),
);

/** Where the buyer wants it brought: the profile's address by default, changed for this order if need be. */
export const deliveryAddressSchema = z.strictObject(
  {
    city_id: z
      .int({ error: () => required('field.city_id') })
      .check(
        z.positive({ error: notValid('field.city_id') }),
        z.lte(2_147_483_647, { error: notValid('field.city_id') }),
      ),
    area: requiredText('field.area', 100),
    building_name: requiredText('field.building_name', 100),
    flat_number: optionalText('field.flat_number', 40, false),
    street_address: optionalText('field.street_address', 200, false),
    phone: requiredText('field.phone', 20),
  },
  { error: notValid('order.field.address') },
);
export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;

/**
 * POST /api/orders: Buy (the listing's price) or Make an offer (a price of the buyer's), for some
 * units, picked up or delivered to an address.
 */
export const newOrderSchema = z
  .strictObject(
    {
      listing_id: z
        .int({ error: requiredOr('order.field.listing') })
        .check(
          z.positive({ error: notValid('order.field.listing') }),
          z.lte(2_147_483_647, { error: notValid('order.field.listing') }),
        ),
      kind: z.enum(orderKinds, { error: notValid('order.field.kind') }),
      quantity: z.optional(boundedWholeNumber('order.field.quantity', { min: 1, max: ORDER_LIMITS.quantityMax })),
      offer_fils: z.optional(
        z.nullable(boundedWholeNumber('order.field.price', { min: 0, max: ORDER_LIMITS.priceMaxFils, fils: true })),
      ),
      delivery_method: z.enum(deliveryMethods, { error: notValid('order.field.deliveryMethod') }),
      delivery_address: z.optional(z.nullable(deliveryAddressSchema)),
      note: optionalText('order.field.note', ORDER_LIMITS.textMax, true),
      client_key: clientKey,
    },
    { error: notValid('order.field.kind') },
  )
  .check(
    z.superRefine((value, context) => {
      if (value.kind === 'offer' && value.offer_fils == null) {
        context.addIssue({ code: 'custom', path: ['offer_fils'], message: required('order.field.price') });
      }
      if (value.delivery_method === 'delivery' && value.delivery_address == null) {
        context.addIssue({ code: 'custom', path: ['delivery_address'], message: required('order.field.address') });
      }
    }),
  );
export type NewOrderRequest = z.input<typeof newOrderSchema>;
export type NewOrder = z.output<typeof newOrderSchema>;

/** POST /api/orders/:id/<action>: a reason (decline, cancel, dispute), a price (counter), the client's key. */
export const orderActionSchema = z.strictObject(
  {
    reason: optionalText('order.field.reason', ORDER_LIMITS.textMax, true),
    price_fils: z.optional(
      z.nullable(boundedWholeNumber('order.field.price', { min: 0, max: ORDER_LIMITS.priceMaxFils, fils: true })),
    ),
    client_key: clientKey,
  },
  { error: notValid('order.field.reason') },
);
export type OrderActionRequest = z.input<typeof orderActionSchema>;

/** POST /api/orders/:id/review: 1-5 stars and a few words, once per side, within 14 days of completion. */
export const reviewSchema = z.strictObject(
  {
    rating: boundedWholeNumber('order.field.rating', { min: 1, max: 5 }),
    text: optionalText('order.field.reviewText', ORDER_LIMITS.textMax, true),
  },
  { error: notValid('order.field.rating') },
);
export type ReviewRequest = z.input<typeof reviewSchema>;

/** POST /api/test/orders/clock (development and tests only): what time does to one of my orders up to `at`. */
export const orderClockTestSchema = z.strictObject(
  {
    order_id: z
      .int({ error: requiredOr('order.field.order') })
      .check(
        z.positive({ error: notValid('order.field.order') }),
        z.lte(2_147_483_647, { error: notValid('order.field.order') }),
      ),
    at: z.iso
      .datetime({ offset: true, error: notValid('order.field.clockAt') })
      .check(z.refine((text) => isStorableTime(new Date(text)), { error: notValid('order.field.clockAt') })),
  },
  { error: notValid('order.field.clockAt') },
);
export type OrderClockTestRequest = z.input<typeof orderClockTestSchema>;

/** GET /api/orders and /api/orders/history: as buyer (My purchases) or as seller (My sales). */
export const ordersQuerySchema = z.object({
  role: z.enum(orderRoles, { error: notValid('order.field.role') }),
  cursor: idCursor,
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

/**
 * GET /api/orders/history: finished orders as buyer, as seller or both (no role), optionally only
 * those whose listing's title or other party's name holds `q`, a page at a time.
 */
export const orderHistoryQuerySchema = z.object({
  role: z.optional(z.enum(orderRoles, { error: notValid('order.field.role') })),
  q: z.optional(
    z.pipe(
      z.string({ error: notValid('order.field.search') }).check(
        z.refine((value) => isPlainText(value), { error: notValid('order.field.search') }),
        z.refine((value) => characterCount(value.trim()) <= ORDER_HISTORY_SEARCH_MAX, {
          error: () =>
            encodeMessage(
              message('rule.max', { field: message('order.field.search'), length: ORDER_HISTORY_SEARCH_MAX }),
            ),
        }),
      ),
      z.transform((value) => value.trim()),
    ),
  ),
  cursor: idCursor,
});
export type OrderHistoryQuery = z.input<typeof orderHistoryQuerySchema>;

const party = z.object({ id: z.int(), name: z.string() });

export const deliveryAddressViewSchema = z.object({
  city_id: z.int(),
  city: z.string(),
  area: z.string(),
  building_name: z.string(),
  flat_number: z.nullable(z.string()),
  street_address: z.nullable(z.string()),
  phone: z.string(),
});

/** An order in a list: enough for a row of My purchases or My sales. */
export const orderSummarySchema = z.object({
  id: z.int(),
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  /** Whose answer a request waits for; null past the request. */
  awaiting: z.nullable(z.enum(orderRoles)),
  role: z.enum(orderRoles),
  /** `thumb`: the listing's first photo, small, if it has one. */
  listing: z.object({ id: z.int(), title: z.string(), slug: z.string(), thumb: z.nullable(z.string()) }),
  buyer: party,
  seller: party,
  quantity: z.int(),
  unit_price_fils: z.number(),
  listed_price_fils: z.number(),
  delivery_method: z.enum(deliveryMethods),
  delivery_fee_fils: z.number(),
  total_fils: z.number(),
  rounds: z.int(),
  /** When time moves it on by itself (expiry, automatic receipt, completion), if it will. */
  deadline_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the reader may do now; the pages show exactly these. */
  actions: z.array(z.enum(orderActions)),
  /** Whether the reader may still review the other side. */
  can_review: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderEventSchema = z.object({
  id: z.number(),
  action: z.string(),
  from: z.nullable(z.enum(orderStatuses)),
  to: z.enum(orderStatuses),
  /** Who did it: a side of the order, or null when time did. */
  actor: z.nullable(z.enum(orderRoles)),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderReviewSchema = z.object({
  side: z.enum(orderRoles),
  rating: z.int(),
  text: z.string(),
  created_at: z.string(),
});

/** One order as /orders/:id shows it: its timeline, and the other side's contact once accepted. */
export const orderSchema = z.extend(orderSummarySchema, {
  /** The listing's first photo, if it has any. */
  delivery_address: z.nullable(deliveryAddressViewSchema),
  note: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  contact: z.nullable(z.object({ name: z.string(), email: z.string(), phone: z.nullable(z.string()) })),
  review_until: z.nullable(z.string()),
  reviews: z.array(orderReviewSchema),
  timeline: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ data: orderSchema });

/** Open orders, those waiting for the reader first. */
export const openOrdersResponseSchema = z.object({
  data: z.object({ action_needed: z.array(orderSummarySchema), waiting: z.array(orderSummarySchema) }),
});

export type OpenOrders = z.infer<typeof openOrdersResponseSchema>['data'];

export const orderHistoryResponseSchema = z.object({
  data: z.array(orderSummarySchema),
  next_cursor: z.nullable(z.string()),
});
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

/**
 * GET /api/orders/history/totals: per calendar month in the user's time zone (newest first), what
 * they spent as buyer and earned as seller on completed orders, and how many of each.
 */
export const orderMonthTotalsSchema = z.object({
  /** `YYYY-MM`, in `time_zone`. */
  month: z.string(),
  spent_fils: z.number(),
  bought: z.int(),
  earned_fils: z.number(),
  sold: z.int(),
});
export type OrderMonthTotals = z.infer<typeof orderMonthTotalsSchema>;

export const orderTotalsResponseSchema = z.object({
  data: z.array(orderMonthTotalsSchema),
  time_zone: z.string(),
});
export type OrderTotalsResponse = z.infer<typeof orderTotalsResponseSchema>;
