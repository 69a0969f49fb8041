import {
  message,
  newOrderSchema,
  openOrdersResponseSchema,
  ORDER_ACTION_PATHS,
  orderActionSchema,
  orderActions,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderResponseSchema,
  ordersQuerySchema,
  orderTotalsResponseSchema,
  ORDERS_API,
  PAGE_SIZE,
  reviewSchema,
  type OrderAction,
} from '@marketplace/contracts';
import { requireVerifiedEmail } from '../users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import type { ZodTypeProvider } from '../../plugins/validation';

export interface OrdersRoutesOptions {
  /** Orders one buyer may start in an hour (ORDERS_PER_HOUR): each asks a seller for an answer. */
  throttle: AttemptLimit;
}

const notFound = () => new HttpError(404, message('api.notFound'));

/** An order id in an address: anything else names no order (404, not 422). */
function idParam(request: FastifyRequest): number {
  const text = (request.params as Record<string, string | undefined>).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

const ACTIONS_BY_PATH = new Map<string, OrderAction>(
  orderActions.map((action) => [ORDER_ACTION_PATHS[action], action]),
);

/**
 * Orders under /api/orders (docs/decisions/021): Buy or Make an offer, my open orders as buyer or
 * seller, finished ones, one order with its timeline and the reader's actions, each transition as
 * a POST, and reviews. Every call is signed in; every POST carries the CSRF token (sessions plugin).
 */
export function ordersRoutes(app: FastifyInstance, { throttle }: OrdersRoutesOptions): Promise<void> {
  const { service } = app.orders;
  const limiter = new RateLimiter(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const answer = async (request: FastifyRequest, id: number) => {
    const order = await service.view(signedInUser(request), id, request.locale);
    if (!order) throw notFound();
    return { data: order };
  };

  routes.post(
    ORDERS_API.orders,
    {
      onRequest: requireUser,
      schema: { body: newOrderSchema, response: { 200: orderResponseSchema, 201: orderResponseSchema } },
    },
    async (request, reply) => {
      const buyer = signedInUser(request);
      requireVerifiedEmail(buyer, 'account.verifyBeforeOrdering');
      await limiter.enforce(`orders:${buyer.id}`, throttle, {
        field: 'listing_id',
        message: (seconds) => message('order.tooMany', { seconds }),
      });
      const { id, created } = await service.create(buyer, request.body, new Date(), request.locale);
      return reply.code(created ? 201 : 200).send(await answer(request, id));
    },
  );

  routes.get(
    ORDERS_API.orders,
    { onRequest: requireUser, schema: { querystring: ordersQuerySchema, response: { 200: openOrdersResponseSchema } } },
    async (request) => ({ data: await service.open(signedInUser(request), request.query.role, request.locale) }),
  );

  routes.get(
    ORDERS_API.history,
    {
      onRequest: requireUser,
      schema: { querystring: orderHistoryQuerySchema, response: { 200: orderHistoryResponseSchema } },
    },
    async (request) => {
      const { role, cursor, q } = request.query;
      return service.history(
        signedInUser(request),
        role,
        request.locale,
        cursor === undefined ? undefined : Number(cursor),
        PAGE_SIZE.default,
        new Date(),
        q,
      );
    },
  );

  routes.get(
    ORDERS_API.totals,
    { onRequest: requireUser, schema: { response: { 200: orderTotalsResponseSchema } } },
    (request) => service.monthTotals(signedInUser(request)),
  );

  routes.get(
    '/api/orders/:id',
    { onRequest: requireUser, schema: { response: { 200: orderResponseSchema } } },
    (request) => answer(request, idParam(request)),
  );

  routes.post(
    '/api/orders/:id/review',
    { onRequest: requireUser, schema: { body: reviewSchema, response: { 201: orderResponseSchema } } },
    async (request, reply) => {
      const id = idParam(request);
      await service.review(signedInUser(request), id, request.body);
      return reply.code(201).send(await answer(request, id));
    },
  );

  routes.post(
    '/api/orders/:id/:action',
    { onRequest: requireUser, schema: { body: orderActionSchema, response: { 200: orderResponseSchema } } },
    async (request) => {
      const action = ACTIONS_BY_PATH.get((request.params as { action: string }).action);
      if (!action) throw notFound();
      const id = idParam(request);
      await service.act(signedInUser(request), id, action, request.body);
      return answer(request, id);
    },
  );

  return Promise.resolve();
}
