import type { PageMatch } from '@marketplace/contracts';
import { TESTIMONIALS_API } from '@marketplace/contracts/testimonials';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readPublished } from './testimonials-repository';

/**
 * The home page's testimonials as its first data (issue 31): the very answer GET /api/testimonials
 * gives, keyed by that address, so the slider paints with the page and asks nothing.
 */
export function testimonialsPageData(app: FastifyInstance) {
  return async (request: FastifyRequest, match: PageMatch): Promise<Record<string, unknown>> =>
    match.page === 'home' ? { [TESTIMONIALS_API.list]: { data: await readPublished(app.db, request.locale) } } : {};
}
