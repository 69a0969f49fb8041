import type { PageMatch } from '@marketplace/contracts';
import { WELCOME_VIDEO_API } from '@marketplace/contracts/welcome-video-essentials';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readWelcomeVideo } from './welcome-video-repository';

/**
 * The welcome video's addresses as the home page's first data for a visitor (who is shown its
 * poster): the very answer GET /api/welcome-video gives, keyed by that address, so nothing is asked.
 */
export function welcomeVideoPageData(app: FastifyInstance) {
  return async (request: FastifyRequest, match: PageMatch): Promise<Record<string, unknown>> =>
    match.page === 'home' && request.user === null
      ? { [WELCOME_VIDEO_API.current]: { data: await readWelcomeVideo(app.db) } }
      : {};
}
