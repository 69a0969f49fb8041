import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import { databaseUrl, runSql } from './database-server';

export const FIXTURE_WEB_DIR = path.join(import.meta.dirname, 'fixtures/web');

/**
 * A fresh database for one test file, copied from the migrated template on the run's server
 * (database-server.ts), and dropped when the file is done.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const { url, drop } = await createEmptyTestDatabase();
  const handle = await openDatabase({ databaseUrl: url });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/** A new migrated database on the run's server, for a test that connects to it its own way. */
export async function createEmptyTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, template } = inject('testDatabaseServer');
  const name = `marketplace_test_${process.pid}_${randomBytes(5).toString('hex')}`;
  await runSql(adminUrl, `create database ${name} template ${template}`);
  // A commit need not wait for its WAL to reach the disk: what a test reads is the same, and the
  // TEST_DATABASE_URL server (fsync on, as a machine's service is) otherwise waits on every commit.
  await runSql(adminUrl, `alter database ${name} set synchronous_commit = off`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => runSql(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  extend?: BuildAppOptions['extend'],
  options: Pick<BuildAppOptions, 'mailTransport'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: FIXTURE_WEB_DIR, ...env });
  const app = await buildApp({ config, db: database.db, ...(extend && { extend }), ...options });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free loopback port, as `npm start` does on its own; answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app is not listening on a port');
  return address.port;
}
