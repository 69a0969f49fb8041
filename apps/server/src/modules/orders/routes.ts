import { message, ORDERS_ROUTES, PAGE_SIZE, decodePageCursor } from '@marketplace/contracts';
import { requireVerifiedEmail } from '../users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';

export interface OrdersRoutesOptions {
  /** Orders one buyer may start in an hour (ORDERS_PER_HOUR): each asks a seller for an answer. */
  throttle: AttemptLimit;
}

const notFound = () => new HttpError(404, message('api.notFound'));

/**
 * Orders under /api/orders (docs/decisions/021): Buy or Make an offer, my open orders as buyer or
 * seller, finished ones, one order with its timeline and the reader's actions, each transition as
 * a POST, and reviews. Every call is signed in; every POST carries the CSRF token (sessions plugin).
 */
export function ordersRoutes(app: FastifyInstance, { throttle }: OrdersRoutesOptions): Promise<void> {
  const { service } = app.orders;
  const limiter = new RateLimiter(app.db);

  const answer = async (request: FastifyRequest, id: number) => {
    const order = await service.view(signedInUser(request), id, request.locale);
    if (!order) throw notFound();
    return { data: order };
  };

  route(app, ORDERS_ROUTES.create, { onRequest: requireUser }, async (request, reply) => {
    const buyer = signedInUser(request);
    requireVerifiedEmail(buyer, 'account.verifyBeforeOrdering');
    await limiter.enforce(`orders:${buyer.id}`, throttle, {
      field: 'listing_id',
      message: (seconds) => message('order.tooMany', { seconds }),
    });
    const { id, created } = await service.create(buyer, request.body, new Date(), request.locale);
    return reply.code(created ? 201 : 200).send(await answer(request, id));
  });

  route(app, ORDERS_ROUTES.open, { onRequest: requireUser }, async (request) => ({
    data: await service.open(signedInUser(request), request.query.role, request.locale),
  }));

  route(app, ORDERS_ROUTES.history, { onRequest: requireUser }, async (request) => {
    const { role, cursor, q } = request.query;
    return service.history(
      signedInUser(request),
      role,
      request.locale,
      cursor === undefined ? undefined : decodePageCursor(ORDERS_ROUTES.history.cursor, cursor),
      PAGE_SIZE.default,
      new Date(),
      q,
    );
  });

  route(app, ORDERS_ROUTES.totals, { onRequest: requireUser }, (request) => service.monthTotals(signedInUser(request)));

  route(app, ORDERS_ROUTES.order, { onRequest: requireUser }, (request) => answer(request, request.params.id));

  route(app, ORDERS_ROUTES.review, { onRequest: requireUser }, async (request, reply) => {
    const { id } = request.params;
    await service.review(signedInUser(request), id, request.body);
    return reply.code(201).send(await answer(request, id));
  });

  route(app, ORDERS_ROUTES.act, { onRequest: requireUser }, async (request) => {
    const { id, action } = request.params;
    await service.act(signedInUser(request), id, action, request.body);
    return answer(request, id);
  });

  return Promise.resolve();
}
