import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { StartupError } from '../config';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
} from './embedded/embedded-postgres';
import { migrationProvider } from './migrations/index';
import { preparingPool } from './prepared-statements';
import type { Database } from './schema';

export type DatabaseEngine = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Where the data lives, for the start-up banner: a folder or a URL without its password. */
  location: string;
  /** The embedded server, when the app runs its own. */
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

/** Dates as 'yyyy-mm-dd' text, counts as numbers, whatever the server. */
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenDatabaseOptions {
  /** postgres://... to use a PostgreSQL server; otherwise the app runs its own in `embedded.dataDir`. */
  databaseUrl?: string | undefined;
  embedded?: EmbeddedPostgresOptions;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (!options.embedded) throw new Error('openDatabase needs a databaseUrl or an embedded data folder');
  const server = await startEmbeddedPostgres(options.embedded);
  try {
    const handle = await openPostgres(server.url);
    return {
      ...handle,
      engine: 'embedded',
      location: `embedded PostgreSQL ${server.version} in ${server.clusterDir}`,
      embedded: server,
      async close() {
        try {
          await handle.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Branches merge in any order: search's 0008 may already have run on a database when notifications'
  // 0007 arrives. Each migration touches its own tables, so a late lower number still applies.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** The advisory lock's key: any bigint that no other code on the same database uses. */
const STARTUP_LOCK_KEY = 7_401_201_736_503_114n;

/**
 * Runs the start-up's schema and seed work with no other process of the app doing it at once:
 * several processes started together on one database (docs/deploy.md) migrate once, and the later
 * ones find the reference and demo data in place. A session-level advisory lock on one held
 * connection; PostgreSQL releases it if the process dies.
 */
export async function withStartupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY.toString()}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY.toString()}::bigint)`.execute(connection);
    }
  });
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

const connectionUrls = new WeakMap<Kysely<Database>, string>();

/**
 * The URL a database opened by openDatabase connects to, for a process's one connection of its own
 * outside the pool (the cache invalidation listener, db/invalidation-bus.ts); undefined otherwise.
 */
export const connectionUrlOf = (db: Kysely<Database>): string | undefined => connectionUrls.get(db);

/** Every query of the app goes through here, on the embedded server as on any other. */
async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {}); // an idle client's lost connection is replaced on next use
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `Cannot connect to the database at ${redactUrl(url)} (${reason}); check DATABASE_URL and that PostgreSQL is running, or unset DATABASE_URL to use the embedded database.`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  connectionUrls.set(db, url);
  return { db, engine: 'postgres', location: redactUrl(url), close: () => db.destroy() };
}
