import { API_MESSAGES, message, USER_REPORT_ROUTES } from '@marketplace/contracts';
import { MODERATION_ROUTES, type ModerationReason, type ModerationTargetType } from '@marketplace/contracts/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { auditActor } from '../staff';
import { requireVerifiedEmail } from '../users';
import { actOnTarget } from './act-on-target';
import { readQueue } from './read-queue';
import { readTarget } from './read-target';
import { reportUser } from './report-user';

export interface ModerationRoutesOptions {
  /** Reports of people cost a moderator's time, as listings' do: this many per person per hour. */
  reportThrottle: AttemptLimit;
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * Moderation's calls (issue 29): the queue, one target's screen and acting on it (staff, behind the
 * guard: 404 to anyone else), and reporting a person (any signed-in user with a verified address).
 */
export function moderationRoutes(app: FastifyInstance, { reportThrottle }: ModerationRoutesOptions): Promise<void> {
  const { may } = app.staffDesk;
  const limiter = new RateLimiter(app.db);
  const staffId = (request: FastifyRequest) => {
    if (!request.staff) throw new Error('moderation routes run behind the staff guard');
    return request.staff.userId;
  };
  const screen = async (request: FastifyRequest, type: ModerationTargetType, id: number) => {
    const target = await readTarget(app.db, type, id, staffId(request));
    if (!target) throw notFound();
    return target;
  };

  route(app, MODERATION_ROUTES.queue, { onRequest: may('reports.view') }, (request) =>
    readQueue(app.db, request.query),
  );

  route(app, MODERATION_ROUTES.target, { onRequest: may('reports.view') }, (request) =>
    screen(request, request.params.type as ModerationTargetType, request.params.id),
  );

  route(app, MODERATION_ROUTES.act, { onRequest: may('reports.act') }, async (request) => {
    const type = request.params.type as ModerationTargetType;
    const { id } = request.params;
    const { action, reason, note, days } = request.body;
    await actOnTarget(app.moderation.deps, { ...auditActor(request), id: staffId(request) }, type, id, {
      action,
      reason: reason as ModerationReason,
      note: note?.trim() ? note.trim() : null,
      days: days ?? null,
    });
    return screen(request, type, id);
  });

  route(app, USER_REPORT_ROUTES.reportUser, { onRequest: requireUser }, async (request, reply) => {
    const reporter = signedInUser(request);
    const { userId } = request.params;
    requireVerifiedEmail(reporter, 'account.verifyBeforeReporting');
    await limiter.enforce(`user-reports:${reporter.id}`, reportThrottle, {
      field: 'reason',
      message: (seconds) => message('report.tooMany', { seconds }),
    });
    const { reason, details = null } = request.body;
    await reportUser(app.events, reporter, userId, { reason, details });
    return reply.code(201).send({ data: { user_id: userId, reason } });
  });

  return Promise.resolve();
}
