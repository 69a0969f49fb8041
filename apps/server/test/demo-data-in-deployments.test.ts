import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { startAppProcess, type AppProcess } from './app-process';
import { BrowserLikeClient } from './browser-like-client';
import { createEmptyTestDatabase } from './test-app';

let app: AppProcess;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  const database = await createEmptyTestDatabase();
  drop = database.drop;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-deployment-'));
  // As a deployment starts it: its own database, NODE_ENV and SEED_DEMO left at their defaults.
  app = await startAppProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: undefined });
}, 90_000);
afterAll(async () => {
  app.child.kill('SIGTERM');
  await app.exited;
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server started on a DATABASE_URL', () => {
  it('has no demo accounts, whose passwords the README prints, and does not offer them', async () => {
    expect(app.output()).not.toContain(DEMO_ACCOUNTS[0]?.password ?? 'demo-password');
    for (const account of DEMO_ACCOUNTS) {
      const visitor = new BrowserLikeClient(app.url);
      await visitor.visit('/login');
      const login = await visitor.post('/login', { email: account.email, password: account.password });
      expect(login.statusCode).toBe(422);
    }
  });
});
