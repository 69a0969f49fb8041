import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';

export const FIXTURE_WEB_DIR = path.join(import.meta.dirname, 'fixtures/web');

/**
 * A fresh database for one test file: an in-memory PGlite, or (TEST_DB_ENGINE=postgres) a new
 * database on the TEST_DATABASE_URL server, dropped when the file is done.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') {
    const template = inject('pgliteTemplate');
    const handle = await openDatabase({
      pgliteDir: 'memory://',
      ...(template && { pgliteTemplate: new Blob([fs.readFileSync(template)]) }),
    });
    await migrateToLatest(handle.db);
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `marketplace_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  extend?: BuildAppOptions['extend'],
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: FIXTURE_WEB_DIR, ...env });
  const app = await buildApp({ config, db: database.db, ...(extend && { extend }) });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
