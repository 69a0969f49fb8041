import { encodeMessage, message } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { requireUser } from '../../plugins/sessions';
import type { ZodTypeProvider } from '../../plugins/validation';

const notValid = () => encodeMessage(message('rule.default', { field: message('order.field.clockTime') }));

/** The time to run the order clock at: an ISO date-time, at most a year from now. */
const clockBody = z.strictObject(
  {
    now: z.string({ error: notValid }).check(
      z.refine(
        (value) => {
          const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value) ? Date.parse(value) : NaN;
          return Number.isFinite(time) && Math.abs(time - Date.now()) <= 366 * 24 * 3600 * 1000;
        },
        { error: notValid },
      ),
    ),
  },
  { error: notValid },
);

/** Where the browser tests run the order clock; the server's own runs every minute at the real time. */
export const ORDER_CLOCK_TEST_HOOK = '/api/test/orders/clock';

/**
 * POST /api/test/orders/clock {now}: runs the order clock as if it were `now` (expiry, automatic
 * receipt, completion), as the API tests do with app.orders.tick(now), so a browser test can see an
 * order complete without waiting 48 hours. app.ts registers it only outside production.
 */
export function orderClockTestHookRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(ORDER_CLOCK_TEST_HOOK, { onRequest: requireUser, schema: { body: clockBody } }, async (request) => ({
    data: await app.orders.tick(new Date(request.body.now)),
  }));
  return Promise.resolve();
}
