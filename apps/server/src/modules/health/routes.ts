import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { migrationProvider } from '../../db/migrations/index';
import { HttpError } from '../../plugins/errors';

/**
 * Health for load balancers and orchestrators (docs/deploy.md):
 * - `GET /health/live`: the process answers (restart it when this fails);
 * - `GET /health/ready`: it should get traffic: its database answers, every migration this build
 *   knows has run, and it is not shutting down (503 from the first moment of SIGTERM, so a proxy
 *   stops sending new requests while the ones in flight finish);
 * - `GET /up`, as Laravel names it: the server and its database answer (kept for scripts).
 */
export function healthRoutes(app: FastifyInstance): Promise<void> {
  // Once every migration has run it stays so: migrations are never taken back under a running server.
  let migrationsAtHead = false;
  const databaseAnswers = async (): Promise<boolean> => {
    try {
      await sql`select 1`.execute(app.db);
      return true;
    } catch (error) {
      app.log.error({ err: error }, 'health check: the database does not answer');
      return false;
    }
  };

  const pendingMigrations = async (): Promise<string[]> => {
    if (migrationsAtHead) return [];
    const known = Object.keys(await migrationProvider.getMigrations());
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
    const applied = new Set(rows.map((row) => row.name));
    const pending = known.filter((name) => !applied.has(name));
    migrationsAtHead = pending.length === 0;
    return pending;
  };

  app.get('/up', async () => {
    if (!(await databaseAnswers())) throw new HttpError(503, 'Service Unavailable');
    return { status: 'ok' };
  });

  app.get('/health/live', () => Promise.resolve({ status: 'ok' }));

  app.get('/health/ready', async (_request, reply) => {
    const checks = { database: false, migrations: false, accepting: !app.isClosing() };
    let pending: string[] = [];
    if (await databaseAnswers()) {
      checks.database = true;
      try {
        pending = await pendingMigrations();
        checks.migrations = pending.length === 0;
      } catch (error) {
        app.log.error({ err: error }, 'health check: cannot read the migrations table');
      }
    }
    const ready = checks.database && checks.migrations && checks.accepting;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks, ...(pending.length > 0 ? { pending } : {}) });
  });
  return Promise.resolve();
}
