import { SAVED_SEARCHES_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { runSavedSearchAlerts } from './saved-search-alerts';

/**
 * POST /api/test/saved-searches/alerts: runs the alert job the server runs every minute, now, for the
 * caller's own searches only, so a browser test sees its alert without waiting for the minute and
 * tests side by side do not alert each other. app.ts registers it only when NODE_ENV is development
 * or test, never in production.
 */
export function savedSearchTestHookRoutes(app: FastifyInstance): Promise<void> {
  route(app, SAVED_SEARCHES_ROUTES.testAlerts, { onRequest: requireUser }, async (request) => {
    const { alerts } = await runSavedSearchAlerts(app, new Date(), { userId: signedInUser(request).id });
    return { data: { alerts } };
  });
  return Promise.resolve();
}
