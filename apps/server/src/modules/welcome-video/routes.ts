import { WELCOME_VIDEO_ROUTES } from '@marketplace/contracts/welcome-video';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { readWelcomeVideo } from './welcome-video-repository';

/** The welcome video's files now (issue 31): what the poster and the player load. */
export function welcomeVideoRoutes(app: FastifyInstance): Promise<void> {
  route(app, WELCOME_VIDEO_ROUTES.current, {}, async () => ({ data: await readWelcomeVideo(app.db) }));
  return Promise.resolve();
}
