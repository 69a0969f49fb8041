import { NOTIFICATIONS_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';

/**
 * POST /api/test/notifications: raises a notification (category `messages` unless named) for the
 * signed-in user, through notify() like any feature, so a test can watch the bell rise and the
 * e-mail arrive. app.ts registers it only when NODE_ENV is development or test, never in production.
 */
export function notificationTestHookRoutes(app: FastifyInstance): Promise<void> {
  route(app, NOTIFICATIONS_ROUTES.testEvent, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    const { category = 'messages', path = '/notifications' } = request.body;
    const notified = await app.notifications.transaction((_trx, notify) =>
      notify({ userId: user.id, category, type: 'test', path, locale: request.locale }),
    );
    return reply.code(201).send({
      data: { notification_id: notified.notificationId, outbox_id: notified.outboxId },
    });
  });
  return Promise.resolve();
}
