import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { startAppProcess, type AppProcess } from './app-process';
import { BrowserLikeClient } from './browser-like-client';
import type { Seller } from './fixtures/catalogue';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
import { startRealtimeApp, TEST_PUSHER } from './realtime-support';
import { startS3Server, type TestS3Server } from './s3-support';
import { startSmtpServer, type TestSmtpServer } from './smtp-support';
import { createEmptyTestDatabase } from './test-app';

/**
 * Two app processes on one PostgreSQL behind nginx (Debian's package) as a round-robin proxy, with
 * photos in an S3-compatible bucket, real time through one shared Pusher-protocol server and e-mail
 * to one SMTP server: the topology of docs/deploy.md, on one machine. `.ci/run` installs nginx.
 */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

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

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Debian's nginx: installed when it is missing and we are allowed to, as the browser tests do Chromium. */
function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error(`nginx is not at ${NGINX}: run 'sudo apt-get install -y nginx'.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  }
}

async function startNginx(upstreams: URL[], port: number) {
  ensureNginx();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-nginx-'));
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, name)};`;
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${path.join(folder, 'nginx.pid')};
error_log ${path.join(folder, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  upstream app { ${upstreams.map((url) => `server ${url.host} max_fails=0;`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto http;
      # A process that stopped listening (SIGTERM) refuses the connection: the request goes to the other.
      proxy_next_upstream error timeout http_503 non_idempotent;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: 'ignore' });
  const url = new URL(`http://127.0.0.1:${port}`);
  for (;;) {
    const answered = await fetch(new URL('/health/live', url)).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null) throw new Error(fs.readFileSync(path.join(folder, 'error.log'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, child, folder };
}

/** Everything of the topology, started; `close()` stops it all and removes its folders. */
export async function startCluster(): Promise<Cluster> {
  const proxyPort = await freePort();
  const [databaseServer, s3, relay, smtp] = await Promise.all([
    createEmptyTestDatabase(),
    startS3Server(),
    // The shared real-time server, on a host of its own: the site's pages (the proxy's) may connect.
    startRealtimeApp({ PUBLIC_URL: `http://127.0.0.1:${proxyPort}` }),
    startSmtpServer(),
  ]);
  const env = {
    ...s3.env,
    ...TEST_PUSHER,
    DATABASE_URL: databaseServer.url,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(relay.port),
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
    proxyPort,
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
      await Promise.all([relay.close(), s3.close(), smtp.close()]);
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
