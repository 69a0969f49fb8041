import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ListingPhoto } from '@marketplace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process';
import { BrowserLikeClient, validRegistration } from './browser-like-client';
import { rotatedJpegWithExif } from './fixtures/images';
import { startRealtimeApp, TEST_PUSHER, type RealtimeTestApp } from './realtime-support';
import { startS3Server, type TestS3Server } from './s3-support';
import { createEmptyTestDatabase } from './test-app';

/**
 * Two app processes on one PostgreSQL behind nginx (Debian's package) as a round-robin proxy, with
 * photos in an S3-compatible bucket and real time through one shared Pusher-protocol server: the
 * topology of docs/deploy.md, on one machine. `.ci/run` installs nginx.
 */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
let database: { url: string; drop: () => Promise<void> };
let s3: TestS3Server;
let relay: RealtimeTestApp;
let apps: AppProcess[] = [];
let proxy: { url: URL; child: ChildProcess; folder: string };
const folders: string[] = [];

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

async function startNginx(upstreams: URL[]) {
  ensureNginx();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-nginx-'));
  const port = await freePort();
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

/** How many requests for `url` each process logged (LOG_LEVEL=debug logs every request). */
const servedBy = (url: string) =>
  apps.map(
    (app) =>
      app
        .output()
        .split('\n')
        .filter((line) => line.includes(`"url":"${url}`)).length,
  );

beforeAll(async () => {
  [database, s3, relay] = await Promise.all([createEmptyTestDatabase(), startS3Server(), startRealtimeApp()]);
  const env = {
    ...s3.env,
    ...TEST_PUSHER,
    DATABASE_URL: database.url,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(relay.port),
    PUSHER_SCHEME: 'http',
    TRUST_PROXY: 'true',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    SHUTDOWN_GRACE_SECONDS: '30',
  };
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-cluster-')));
  folders.push(...dataDirs);
  apps = await Promise.all(dataDirs.map((DATA_DIR) => startAppProcess({ ...env, DATA_DIR })));
  proxy = await startNginx(apps.map((app) => app.url));
}, 120_000);
afterAll(async () => {
  proxy.child.kill('SIGQUIT');
  for (const app of apps) if (app.child.exitCode === null) app.child.kill('SIGKILL');
  await Promise.all(apps.map((app) => app.exited));
  await relay.close();
  await s3.close();
  await database.drop();
  for (const folder of [...folders, proxy.folder]) fs.rmSync(folder, { recursive: true, force: true });
});

describe('two processes behind a round-robin proxy', { timeout: 120_000 }, () => {
  it('share the login throttle: guesses sent to both processes count together', async () => {
    const client = new BrowserLikeClient(proxy.url);
    await client.visit('/');
    const email = validRegistration().email;
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      statuses.push((await client.post('/login', { email, password: `wrong ${guess}` })).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect(servedBy('/login').every((count) => count > 0)).toBe(true);
  });

  it('serve a seller whose uploads land on either process, from one bucket, to anyone through either', async () => {
    const seller = new BrowserLikeClient(proxy.url);
    await seller.visit('/');
    expect((await seller.post('/api/test/sign-in', { email: validRegistration().email })).statusCode).toBe(200);
    await seller.visit('/');
    const draft = await seller.post('/api/listings', {});
    expect(draft.statusCode).toBe(201);
    const id = draft.json<{ data: { id: number } }>().data.id;
    const photos: ListingPhoto[] = [];
    for (let i = 0; i < 4; i += 1) {
      const upload = await seller.request('POST', `/api/listings/${id}/photos`, await rotatedJpegWithExif(320, 240), {
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      photos.push(upload.json<{ data: ListingPhoto }>().data);
    }
    expect(servedBy(`/api/listings/${id}/photos`).every((count) => count > 0)).toBe(true);
    for (const photo of photos) {
      for (let i = 0; i < 2; i += 1) expect((await fetch(new URL(photo.card, proxy.url))).status).toBe(200);
    }
    // Each photo's three sizes are in the one bucket, whichever process took the upload.
    const keys = await s3.keys();
    for (const photo of photos) {
      const stem = photo.card.slice(photo.card.lastIndexOf('/') + 1).replace('-card.webp', '');
      expect(keys.filter((key) => key.includes(stem))).toHaveLength(3);
    }
  });

  it('lose no request while one process is stopped with SIGTERM in the middle of them', async () => {
    const [leaving] = apps as [AppProcess];
    const statuses: number[] = [];
    let stopped = false;
    const exited = leaving.exited.then((code) => {
      stopped = true;
      return code;
    });
    // Eight clients keep asking, before, during and after the process drains and exits.
    const client = async () => {
      let afterExit = 0;
      while (afterExit < 5) {
        const response = await fetch(new URL('/api/categories', proxy.url));
        await response.arrayBuffer();
        statuses.push(response.status);
        if (stopped) afterExit += 1;
        if (statuses.length === 40) leaving.child.kill('SIGTERM');
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(await exited).toBe(0);
    expect(statuses.length).toBeGreaterThan(80);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await fetch(new URL('/health/ready', proxy.url))).status).toBe(200);
  });
});
