// The real app (buildApp, embedded Pusher server, a throw-away embedded database) in its own process for
// bench/realtime.mjs, which measures it from outside. Run by that script with --expose-gc; it reports
// its port, then its memory (after a full collection) whenever asked.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';

if (!process.send || typeof globalThis.gc !== 'function') {
  throw new Error('run through bench/realtime.mjs (it starts this file with IPC and --expose-gc)');
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-realtime-'));
const database = await openDatabase({ embedded: { dataDir, durable: false } });
await migrateToLatest(database.db);
// Every bench connection comes from loopback: lift the caps that keep one client from taking them all.
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  REALTIME_MAX_CONNECTIONS: '100000',
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
});
const app = await buildApp({ config, db: database.db });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });

process.on('message', (message) => {
  if (message === 'memory') {
    globalThis.gc();
    globalThis.gc();
    process.send({ type: 'memory', ...process.memoryUsage() });
  } else if (message === 'stop') {
    app
      .close()
      .then(() => database.close())
      .then(() => fs.rmSync(dataDir, { recursive: true, force: true }))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  }
});
