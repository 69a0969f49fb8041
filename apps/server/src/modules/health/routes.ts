import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/errors';

/** GET /up, as Laravel names it: 200 when the server and its database answer, for load balancers and scripts. */
export function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/up', async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: the database does not answer');
      throw new HttpError(503, 'Service Unavailable');
    }
    return { status: 'ok' };
  });
  return Promise.resolve();
}
