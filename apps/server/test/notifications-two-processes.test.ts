import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { notify } from '../src/modules/notifications/notify';
import { startAppProcess, type AppProcess } from './app-process';
import { startSmtpServer, type TestSmtpServer } from './smtp-support';
import { createEmptyTestDatabase } from './test-app';

let smtp: TestSmtpServer;
let database: { url: string; drop: () => Promise<void> };
let handle: DatabaseHandle;
const processes: AppProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  // Slow enough that neither process can send all 50 before the other has started.
  smtp = await startSmtpServer({ delayMs: 150 });
  database = await createEmptyTestDatabase();
  handle = await openDatabase({ databaseUrl: database.url });
});
afterAll(async () => {
  for (const app of processes) app.child.kill('SIGTERM');
  await Promise.all(processes.map((app) => app.exited));
  await handle.close();
  await database.drop();
  await smtp.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function startServer(): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-mail-'));
  folders.push(dataDir);
  const app = await startAppProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    // PORT 0 (startAppProcess's default): the system picks a free port, so runs side by side never meet.
    HOST: '127.0.0.1',
  });
  processes.push(app);
  return app;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two server processes on one outbox', () => {
  it('send e-mails committed while no server ran, each exactly once between them', async () => {
    const { db } = handle;
    const { id: userId } = await db
      .insertInto('users')
      .values({
        first_name: 'Omar',
        last_name: 'Haddad',
        email: 'omar@example.com',
        password_hash: 'not used here',
        account_type: 'individual',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Committed, then every server is down: nothing may be lost.
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < 50; index += 1) {
        await notify(trx, { userId, category: 'orders', type: 'test' }, { messageIdDomain: 'market.example' });
      }
    });

    // Started side by side, both workers look at the outbox at once.
    await Promise.all([startServer(), startServer()]);
    await until(async () => {
      const left = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '!=', 'sent')
        .executeTakeFirstOrThrow();
      return left.count === 0;
    }, 'every row to be sent');
    // A second copy would be under way when the first was recorded: give it time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const rows = await db.selectFrom('mail_outbox').select(['message_id', 'attempts', 'locked_by']).execute();
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    const arrived = smtp.received.map((mail) => mail.messageId).sort();
    expect(arrived).toEqual(rows.map((row) => row.message_id).sort());
    expect(new Set(arrived).size).toBe(50);
    // Both processes took part (each row names the worker that sent it: host, pid, random).
    const pids = new Set(rows.map((row) => row.locked_by?.split(':')[1]));
    expect(pids.size).toBe(2);
  });
});
