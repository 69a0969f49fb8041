import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { seedDemoAccounts } from '../src/db/seed';
import { runAppUntilExit } from './app-process';
import { BrowserLikeClient, validRegistration } from './browser-like-client';
import { FIXTURE_WEB_DIR } from './test-app';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-restart-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startServer() {
  const database = await openDatabase({ embedded: { dataDir } });
  await migrateToLatest(database.db);
  await seedDemoAccounts(database.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: FIXTURE_WEB_DIR });
  const app = await buildApp({ config, db: database.db });
  return {
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

describe('the embedded database on disk', () => {
  it('keeps accounts across a restart, and seeding twice adds nothing', async () => {
    const registration = validRegistration();
    const first = await startServer();
    const client = new BrowserLikeClient(first.app);
    await client.visit('/register');
    expect((await client.post('/register', registration)).statusCode).toBe(201);
    const usersBefore = await first.database.db.selectFrom('users').select('email').execute();
    await first.stop();

    const second = await startServer();
    try {
      const usersAfter = await second.database.db.selectFrom('users').select('email').execute();
      expect(usersAfter).toEqual(usersBefore);
      const again = new BrowserLikeClient(second.app);
      await again.visit('/login');
      const login = await again.post('/login', { email: registration.email, password: registration.password });
      expect(login.statusCode).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('refuses a second server process on the same folder while the first runs', async () => {
    const running = await startServer();
    try {
      const second = await runAppUntilExit({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/^Cannot start: .* is in use by another running server \(pid \d+\)/);
    } finally {
      await running.stop();
    }
  });
});
