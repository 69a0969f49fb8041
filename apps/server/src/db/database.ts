import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { StartupError } from '../config';
import { migrationProvider } from './migrations/index';
import { PGliteDialect } from './pglite-dialect';
import { preparingPool } from './prepared-statements';
import type { Database } from './schema';

export type DatabaseEngine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Where the data lives, for the start-up banner: a folder or a URL without its password. */
  location: string;
  close(): Promise<void>;
}

const DATE_OID = 1082;
const INT8_OID = 20;

/** Both engines hand back the same JavaScript types: dates as 'yyyy-mm-dd' text, counts as numbers. */
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenDatabaseOptions {
  /** postgres://... to use a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database, or 'memory://' for a throw-away one. */
  pgliteDir?: string;
  /** A dump of an embedded database to start from (PGlite's dumpDataDir), instead of an empty one. */
  pgliteTemplate?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPGlite(options.pgliteDir ?? 'memory://', options.pgliteTemplate);
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
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
  return { db, engine: 'postgres', location: redactUrl(url), close: () => db.destroy() };
}

async function openPGlite(dir: string, template?: Blob): Promise<DatabaseHandle> {
  const inMemory = dir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(dir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(inMemory ? dir : path.resolve(dir), {
      parsers: { [DATE_OID]: (value: string) => value, [INT8_OID]: (value: string) => Number(value) },
      ...(template && { loadDataDir: template }),
    });
  } catch (error) {
    releaseLock();
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `Cannot open the embedded database in ${dir} (${reason}); check that DATA_DIR is a readable and writable folder holding only this app's data.`,
    );
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    location: inMemory ? 'memory' : path.resolve(dir),
    async close() {
      await db.destroy();
      await pglite.close();
      releaseLock();
    },
  };
}

/** PGlite is single-process: a second server on the same folder would corrupt it, so refuse it. */
function lockDataDir(dir: string): () => void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `Cannot use ${dir} for the database (${code}); set DATA_DIR to a folder the server can read and write.`,
    );
  }
  const lockFile = path.join(dir, 'server.lock');
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new StartupError(
        `${dir} is in use by another running server (pid ${holder}); stop it first or set DATA_DIR to another folder.`,
      );
    }
  } catch (error) {
    if (error instanceof StartupError) throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
