import { API_MESSAGES, BROADCASTING_ROUTES, message } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { channelAccess, realtimeUserInfo } from './channel-rules';

/** The body pusher-js's own authorisers send; our web app sends JSON. */
const FORM_BODY_LIMIT = 4096;

/**
 * POST /broadcasting/auth signs a private or presence subscription for one socket, and
 * POST /broadcasting/user-auth signs a user sign-in. Session and CSRF token required; the answer
 * is Pusher's own shape, which pusher-js reads as it is.
 */
export function broadcastingRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  route(app, BROADCASTING_ROUTES.channelAuth, { onRequest: requireUser }, async (request) => {
    const user = signedInUser(request);
    const { socket_id: socketId, channel_name: channel } = request.body;
    const access = await channelAccess({ user, sessionId: request.session?.id ?? '', db: app.db }, channel);
    if (!access) throw new HttpError(403, message(API_MESSAGES.forbidden));
    bindToSession(request, socketId);
    return app.realtime.authorizeChannel(socketId, channel, access.kind === 'presence' ? access.member : undefined);
  });

  route(app, BROADCASTING_ROUTES.userAuth, { onRequest: requireUser }, (request) => {
    const user = signedInUser(request);
    bindToSession(request, request.body.socket_id);
    const signed = app.realtime.authenticateUser(request.body.socket_id, {
      id: String(user.id),
      user_info: realtimeUserInfo(user),
    });
    return Promise.resolve(signed);
  });

  return Promise.resolve();
}

/** What this session authorises for a socket lasts as long as the session (RealtimePublisher.endSession). */
function bindToSession(request: FastifyRequest, socketId: string): void {
  if (request.session) request.server.realtime.bindSocketToSession(socketId, request.session.id);
}
