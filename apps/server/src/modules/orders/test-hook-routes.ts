import { orderClockTestSchema, ORDERS_API } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/sessions';
import type { ZodTypeProvider } from '../../plugins/validation';

/**
 * POST /api/test/orders/clock: runs the order clock (expiry, automatic receipt, completion) as if it
 * were `at`, so a browser test can move an order past its 48 hours without waiting them out. The
 * clock is the one the server runs every minute, so what it does is what time would do. app.ts
 * registers it only when NODE_ENV is development or test, never in production.
 */
export function orderTestHookRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    ORDERS_API.testClock,
    { onRequest: requireUser, schema: { body: orderClockTestSchema } },
    async (request) => ({ data: await app.orders.tick(new Date(request.body.at)) }),
  );
  return Promise.resolve();
}
