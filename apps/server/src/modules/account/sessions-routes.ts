import { ACCOUNT_ROUTES, message, type AccountSession } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser, type UserSession } from '../../plugins/sessions';
import { describeUserAgent } from './user-agent';

/**
 * Sessions on other devices: the user's signed-in sessions, each signed out on its own or all but
 * this one together. Ending a session closes its real-time connections too (the store's listeners).
 * A handle that is not one of the caller's sessions is a 404, whoever's it may be.
 */
export function sessionsRoutes(app: FastifyInstance): Promise<void> {
  const view = (session: UserSession, currentId: string | undefined): AccountSession => ({
    id: session.handle,
    ...describeUserAgent(session.userAgent),
    signed_in_at: session.createdAt.toISOString(),
    last_active_at: session.lastActivityAt.toISOString(),
    current: session.id === currentId,
  });

  route(app, ACCOUNT_ROUTES.sessions, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const sessions = (await app.sessions.listForUser(user.id)).map((session) => view(session, request.session?.id));
    // This device first, then the others by when they were last used.
    return { data: [...sessions.filter((session) => session.current), ...sessions.filter((s) => !s.current)] };
  });

  route(app, ACCOUNT_ROUTES.endSession, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    const { handle } = request.params;
    const current = request.session?.id;
    const ended = await app.sessions.destroyForUser(
      user.id,
      (session) => session.handle === handle && session.id !== current,
    );
    if (ended === 0) {
      const isCurrent =
        current !== undefined &&
        (await app.sessions.listForUser(user.id)).some(
          (session) => session.id === current && session.handle === handle,
        );
      if (isCurrent) throw new HttpError(409, message('account.sessionIsCurrent'));
      throw new HttpError(404, message('account.sessionNotFound'));
    }
    return reply.code(204).send();
  });

  route(app, ACCOUNT_ROUTES.endOtherSessions, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const current = request.session?.id;
    const ended = await app.sessions.destroyForUser(user.id, (session) => session.id !== current);
    return { data: { signed_out: ended } };
  });

  return Promise.resolve();
}
