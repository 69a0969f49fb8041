import { TESTIMONIALS_ROUTES } from '@marketplace/contracts/testimonials';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { readPublished } from './testimonials-repository';

/** The home page's testimonials (issue 31): published ones, in order, in the reader's language. */
export function testimonialsRoutes(app: FastifyInstance): Promise<void> {
  route(app, TESTIMONIALS_ROUTES.list, {}, async (request) => ({ data: await readPublished(app.db, request.locale) }));
  return Promise.resolve();
}
