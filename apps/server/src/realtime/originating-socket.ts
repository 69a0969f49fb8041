import { SOCKET_ID_PATTERN } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The real-time socket of the tab that made this request (the web app sends pusher-js's socket id
 * in X-Socket-ID, as Laravel Echo does), so the event it caused can leave that tab out:
 *
 *   await app.realtime.publish(channel, 'profile.updated', data, { exceptSocketId: originatingSocketId(request) });
 *
 * A malformed value is ignored rather than allowed to make the SDK refuse the whole event.
 */
export function originatingSocketId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-socket-id'];
  return typeof value === 'string' && SOCKET_ID_PATTERN.test(value) ? value : undefined;
}
