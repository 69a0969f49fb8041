import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { startAppProcess, type AppProcess } from './app-process';
import { databaseUrl, runSql } from './database-server';
import { createEmptyTestDatabase, createTestApp } from './test-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function dataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-shutdown-'));
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}

async function startServer(env: Record<string, string>): Promise<AppProcess> {
  const database = await createEmptyTestDatabase();
  const app = await startAppProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir(),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    ...env,
  });
  cleanups.push(async () => {
    app.child.kill('SIGKILL');
    await app.exited;
    await database.drop();
  });
  return app;
}

/** A raw connection that sends a request's head and only part of its body: a request in flight. */
async function requestInFlight(app: AppProcess) {
  const { url } = app;
  const body = 'List-Unsubscribe=One-Click';
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST /api/notifications/unsubscribe?token=forged HTTP/1.1\r\nHost: ${url.host}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
      body.slice(0, 10),
  );
  // The server has the request once it logs it (LOG_LEVEL=debug logs a line per request).
  await until(() => /token=forged".*"msg":"incoming request"/.test(app.output()));
  return {
    finish: () => socket.write(body.slice(10)),
    /** What the server wrote before the connection closed. */
    answer: () => ended.then(() => received),
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Resolves once the port refuses new connections: the server has stopped listening. */
async function refusesConnections(url: URL): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('health checks', () => {
  it('say live and ready on a migrated database, and not ready while migrations are missing', async () => {
    const test = await createTestApp();
    cleanups.push(() => test.close());
    const live = await test.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    // A database that lacks the newest migration (a process of a newer build, before it migrated).
    await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(
      test.database.db,
    );
    const missing = await test.app.inject({ method: 'GET', url: '/health/ready' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({
      status: 'not ready',
      checks: { database: true, migrations: false, accepting: true },
      pending: [expect.any(String)],
    });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

/** Each case starts the real app (one of them twice), beside other test files. */
const PROCESS_CASE_TIMEOUT_MS = 150_000;

describe('a server process', { timeout: PROCESS_CASE_TIMEOUT_MS }, () => {
  it('on SIGTERM stops listening, answers the requests in flight, then exits', async () => {
    const app = await startServer({ SHUTDOWN_GRACE_SECONDS: '60' });
    const ready = await fetch(new URL('/health/ready', app.url));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, accepting: true },
    });

    const inFlight = await requestInFlight(app);
    app.child.kill('SIGTERM');
    await refusesConnections(app.url);
    inFlight.finish();
    // The forged unsubscribe link gets its answer, not a cut connection.
    expect(await inFlight.answer()).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(await app.exited).toBe(0);
  });

  it('cuts off a request still running when SHUTDOWN_GRACE_SECONDS is over, and exits', async () => {
    const app = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const inFlight = await requestInFlight(app);
    app.child.kill('SIGTERM');
    // The rest of the body never comes: the connection is closed with nothing written.
    expect(await inFlight.answer()).toBe('');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('requests still running after 1000 ms');
  });

  it('started twice at once on an empty database, migrates and seeds once', async () => {
    const { adminUrl } = inject('testDatabaseServer');
    const name = `marketplace_startup_${process.pid}_${Date.now()}`;
    await runSql(adminUrl, `create database ${name}`);
    const url = databaseUrl(adminUrl, name);
    // Without the demo (two processes drawing its photos at once cost the suite more than it proves:
    // each seller's catalogue is written under its own lock, and demo-catalogue.test.ts seeds twice).
    const env = { DATABASE_URL: url, HOST: '127.0.0.1', SEED_DEMO: 'false' };
    const apps = await Promise.all([
      startAppProcess({ ...env, DATA_DIR: dataDir() }),
      startAppProcess({ ...env, DATA_DIR: dataDir() }),
    ]);
    const handle = await openDatabase({ databaseUrl: url });
    cleanups.push(async () => {
      for (const app of apps) app.child.kill('SIGKILL');
      await Promise.all(apps.map((app) => app.exited));
      await handle.close();
      await runSql(adminUrl, `drop database if exists ${name} with (force)`);
    });
    for (const app of apps) expect((await fetch(new URL('/health/ready', app.url))).status).toBe(200);
    const { rows } = await sql<{
      name: string;
      runs: number;
    }>`select name, count(*)::int as runs from kysely_migration group by name having count(*) > 1`.execute(handle.db);
    expect(rows).toEqual([]);
    // Both started (a seed that raced the other would have stopped one), and the reference data is in.
    const { count } = await handle.db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBeGreaterThan(20);
    for (const app of apps) {
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    }
  });
});
