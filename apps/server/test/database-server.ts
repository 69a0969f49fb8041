import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded/embedded-postgres';
import type { Database } from '../src/db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the test databases live on, and the migrated database each one is copied from. */
    testDatabaseServer: { adminUrl: string; template: string };
  }
}

export const TEMPLATE_DATABASE = `marketplace_template_${process.pid}`;

/**
 * Vitest global setup of the API tests: the server they run on (the embedded PostgreSQL, started
 * once for the run without fsync, or the TEST_DATABASE_URL server) and one migrated database that
 * each test file's own database is copied from.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let folder: string | undefined;
  let adminUrl = process.env.TEST_DB_SERVER === 'url' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-db-'));
    // Every test file's databases on one server, each file's app with a pool of its own: PostgreSQL's
    // own defaults, above the app's (server-sizing.ts).
    embedded = await startEmbeddedPostgres({
      dataDir: folder,
      durable: false,
      sizing: { maxConnections: 100, sharedBuffersMb: 128 },
    });
    adminUrl = embedded.adminUrl;
  }
  await runSql(adminUrl, `drop database if exists ${TEMPLATE_DATABASE}`);
  await runSql(adminUrl, `create database ${TEMPLATE_DATABASE}`);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(adminUrl, TEMPLATE_DATABASE) }) }),
  });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('testDatabaseServer', { adminUrl, template: TEMPLATE_DATABASE });

  return async () => {
    if (embedded) {
      await embedded.stop();
    } else {
      await runSql(adminUrl, `drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    }
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  };
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function runSql(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
