import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam, idParamsSchema } from '../http/route-params';
import { ORDER_ACTION_PATHS, orderActions, type OrderAction } from './order-rules';
import {
  newOrderSchema,
  orderClockTestSchema,
  openOrdersResponseSchema,
  orderActionSchema,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderResponseSchema,
  ordersQuerySchema,
  orderTotalsResponseSchema,
  reviewSchema,
} from './orders-api';

const actionsByPath = new Map<string, OrderAction>(orderActions.map((action) => [ORDER_ACTION_PATHS[action], action]));

/** `/api/orders/:id/:action`: the action's address (`hand-over`), read as the action (`hand_over`). */
const orderActionParams = z.object({
  id: int4IdParam,
  action: z.pipe(
    z.string().check(z.refine((path) => actionsByPath.has(path))),
    z.transform((path) => actionsByPath.get(path) as OrderAction),
  ),
});

/** Orders (decision 021); pages without zod use `ORDERS_API`, which a test holds to this table. */
export const ORDERS_ROUTES = {
  create: defineRoute({
    method: 'POST',
    path: '/api/orders',
    body: newOrderSchema,
    response: { 200: orderResponseSchema, 201: orderResponseSchema },
  }),
  open: defineRoute({
    method: 'GET',
    path: '/api/orders',
    querystring: ordersQuerySchema,
    response: { 200: openOrdersResponseSchema },
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/orders/history',
    querystring: orderHistoryQuerySchema,
    response: { 200: orderHistoryResponseSchema },
    cursor: 'id',
  }),
  totals: defineRoute({
    method: 'GET',
    path: '/api/orders/history/totals',
    response: { 200: orderTotalsResponseSchema },
  }),
  order: defineRoute({
    method: 'GET',
    path: '/api/orders/:id',
    params: idParamsSchema,
    response: { 200: orderResponseSchema },
  }),
  review: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/review',
    params: idParamsSchema,
    body: reviewSchema,
    response: { 201: orderResponseSchema },
  }),
  act: defineRoute({
    method: 'POST',
    path: '/api/orders/:id/:action',
    params: orderActionParams,
    body: orderActionSchema,
    response: { 200: orderResponseSchema },
  }),
  /** Development and tests only: runs the order clock for one of my orders at a given instant. */
  testClock: defineRoute({ method: 'POST', path: '/api/test/orders/clock', body: orderClockTestSchema }),
} as const;
