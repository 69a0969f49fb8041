import { message, ORDERS_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import type { ClockAction } from './order-machine';

/** Enough for any chain of timers one instant can cover (received, then completed). */
const MAX_STEPS = 5;

/**
 * POST /api/test/orders/clock: runs the order clock (expiry, automatic receipt, completion, the review reminder) for one
 * of the caller's orders as if it were `at`, so a browser test can move its order past the 48 hours
 * without waiting them out. It is the clock the server runs every minute, limited to that order so
 * that tests running side by side do not move each other's orders. Someone else's order is a 404.
 * app.ts registers it only when NODE_ENV is development or test, never in production.
 */
export function orderTestHookRoutes(app: FastifyInstance): Promise<void> {
  route(app, ORDERS_ROUTES.testClock, { onRequest: requireUser }, async (request) => {
    const { order_id: id, at } = request.body;
    const { service } = app.orders;
    if (!(await service.view(signedInUser(request), id, request.locale))) {
      throw new HttpError(404, message('api.notFound'));
    }
    const moved: ClockAction[] = [];
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const done = await service.advanceOne(new Date(at), id);
      if (!done) break;
      if (done.action) moved.push(done.action);
    }
    // Then the buyer's review reminder, when `at` is within its days (remind-reviews.ts).
    const reminded = (await service.remindReviews(new Date(at), 1, id)).length > 0;
    return { data: { order_id: id, moved, reminded } };
  });
  return Promise.resolve();
}
