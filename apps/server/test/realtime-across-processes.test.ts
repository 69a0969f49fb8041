import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { realtimeChannels } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { seedReferenceData } from '../src/db/seed-reference-data';
import { BrowserLikeClient, signedInClient } from './browser-like-client';
import { cityNamed, fetchCities, validProfileUpdate } from './fixtures/profile';
import {
  connected,
  nextEvent,
  pusherClients,
  startRealtimeApp,
  subscribed,
  TEST_PUSHER,
  viaSession,
  type RealtimeTestApp,
} from './realtime-support';
import { createTestDatabase, FIXTURE_WEB_DIR } from './test-app';

/**
 * Several app processes share one Pusher-protocol server (PUSHER_HOST: Pusher Channels or Soketi in
 * a deployment; here the app's own embedded server, which speaks the same protocol and HTTP API).
 * Two app instances on one database stand for two processes behind a proxy: what one emits reaches
 * a socket that the other authorised, through the shared server alone.
 */
let relay: RealtimeTestApp;
let database: DatabaseHandle;
const processes: FastifyInstance[] = [];
const folders: string[] = [];
const open = pusherClients();

beforeAll(async () => {
  relay = await startRealtimeApp();
  database = await createTestDatabase();
  await seedReferenceData(database.db);
  for (let i = 0; i < 2; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-process-'));
    folders.push(dataDir);
    const config = loadConfig({
      ...TEST_PUSHER,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: FIXTURE_WEB_DIR,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(relay.port),
      PUSHER_SCHEME: 'http',
    });
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    processes.push(app);
  }
});
afterAll(async () => {
  for (const app of processes) await app.close();
  await database.close();
  await relay.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The same browser (its cookies and token) talking to another process behind the proxy. */
function sameBrowserOn(app: FastifyInstance, client: BrowserLikeClient): BrowserLikeClient {
  const other = new BrowserLikeClient(app, client.headers, client.remoteAddress);
  other.cookies = new Map(client.cookies);
  other.csrfToken = client.csrfToken;
  return other;
}

describe('real time across processes through PUSHER_HOST', () => {
  it('delivers what one process emits to a socket another process authorised, and to nobody else', async () => {
    const [first, second] = processes as [FastifyInstance, FastifyInstance];
    const owner = await signedInClient(first);
    const stranger = await signedInClient(second);
    const pusher = open(relay.port, viaSession(sameBrowserOn(second, owner.client)));
    await connected(pusher);
    const channel = pusher.subscribe(realtimeChannels.user(owner.user.id));
    await subscribed(channel);

    // The second process refuses the stranger the owner's channel, as the first would.
    const intruder = open(relay.port, viaSession(stranger.client));
    await connected(intruder);
    await expect(subscribed(intruder.subscribe(realtimeChannels.user(owner.user.id)))).rejects.toThrow();

    const arrived = nextEvent(channel, 'profile.updated');
    const dubai = cityNamed(await fetchCities(owner.client), 'Dubai');
    const saved = await owner.client.put('/user/profile', validProfileUpdate(dubai));
    expect(saved.statusCode).toBe(200);
    expect(await arrived).toEqual({ user_id: owner.user.id });
  });

  it('tells the page where the shared server is, not the process it came from', async () => {
    const page = await new BrowserLikeClient(processes[0] as FastifyInstance).visit('/');
    const config = /<script id="app-config" type="application\/json">([^<]*)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(page.headers['content-security-policy']).toContain(`ws://127.0.0.1:${relay.port}`);
    expect(JSON.parse(config)).toMatchObject({
      realtime: { driver: 'self-hosted', key: TEST_PUSHER.PUSHER_APP_KEY, host: '127.0.0.1', port: relay.port },
    });
  });
});
