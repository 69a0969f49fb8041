import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { startAppProcess, type AppProcess } from './app-process';
import { BrowserLikeClient } from './browser-like-client';
import { freePort, startNginx } from './nginx-proxy';
import type { Seller } from './fixtures/catalogue';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
import { TEST_PUSHER } from './realtime-support';
import { startS3Server, type TestS3Server } from './s3-support';
import { startSmtpServer, type TestSmtpServer } from './smtp-support';
import { startSoketi } from './soketi-server';
import { createEmptyTestDatabase } from './test-app';

/**
 * Two app processes on one PostgreSQL behind nginx (Debian's package) as a round-robin proxy, with
 * photos in an S3-compatible bucket, real time through one shared Pusher-protocol server (Soketi) and
 * e-mail to one SMTP server: the topology of docs/deploy.md, on one machine. `.ci/run` installs nginx.
 */
export interface Cluster {
  /** nginx, in front of both processes. */
  url: URL;
  apps: AppProcess[];
  s3: TestS3Server;
  smtp: TestSmtpServer;
  /** The processes' database, for what the test reads behind them. */
  database: DatabaseHandle;
  /** How many log lines of requests for `url` (a prefix, or a pattern of the line) each process wrote (LOG_LEVEL=debug logs every request). */
  servedBy(url: string | RegExp): number[];
  close(): Promise<void>;
}

/** Everything of the topology, started; `close()` stops it all and removes its folders. */
export async function startCluster(): Promise<Cluster> {
  const [databaseServer, s3, soketi, smtp] = await Promise.all([
    createEmptyTestDatabase(),
    startS3Server(),
    startSoketi(),
    startSmtpServer(),
  ]);
  const env = {
    ...s3.env,
    ...TEST_PUSHER,
    DATABASE_URL: databaseServer.url,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(soketi.port),
    PUSHER_SCHEME: 'http',
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    SHUTDOWN_GRACE_SECONDS: '30',
    // Each answer names its process (x-test-process: the pid), for tests that must know which one a request met.
    NODE_OPTIONS: `--import ${pathToFileURL(path.join(import.meta.dirname, 'process-header.mjs')).href}`,
  };
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-cluster-')));
  const apps = await Promise.all(dataDirs.map((DATA_DIR) => startAppProcess({ ...env, DATA_DIR })));
  const proxy = await startNginx(
    apps.map((app) => app.url),
    await freePort(),
  );
  const database = await openDatabase({ databaseUrl: databaseServer.url });
  return {
    url: proxy.url,
    apps,
    s3,
    smtp,
    database,
    servedBy: (url) =>
      apps.map(
        (app) =>
          app
            .output()
            .split('\n')
            .filter((line) => (typeof url === 'string' ? line.includes(`"url":"${url}`) : url.test(line))).length,
      ),
    async close() {
      proxy.child.kill('SIGQUIT');
      for (const app of apps) if (app.child.exitCode === null) app.child.kill('SIGKILL');
      await Promise.all(apps.map((app) => app.exited));
      await database.close();
      await Promise.all([soketi.close(), s3.close(), smtp.close()]);
      await databaseServer.drop();
      for (const folder of [...dataDirs, proxy.folder]) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A visitor through the proxy, signed in by the test hook as `email` (made and verified if new). */
export async function signedInThrough(url: URL, email: string): Promise<{ client: BrowserLikeClient; id: number }> {
  const client = new BrowserLikeClient(url);
  await client.visit('/');
  const signedIn = await client.post('/api/test/sign-in', { email });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in: ${signedIn.statusCode} ${signedIn.body}`);
  return { client, id: signedIn.json<{ data: { id: number } }>().data.id };
}

/** A seller through the proxy whose profile is saved in Dubai, for the catalogue fixtures. */
export async function sellerThrough(url: URL, email: string): Promise<Seller> {
  const { client, id } = await signedInThrough(url, email);
  const dubai = cityNamed(await fetchCities(client), 'Dubai');
  const saved = await client.put('/user/profile', validProfileUpdate(dubai));
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.body}`);
  return { client, id, dubai };
}
