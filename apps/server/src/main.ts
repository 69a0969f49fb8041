import { runSavedSearchAlerts } from './modules/saved-searches';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, StartupError, type Config } from './config';
import { demoPhotoPool } from './db/demo-catalogue/seed-demo-catalogue';
import { migrateToLatest, openDatabase, withStartupLock, type DatabaseHandle } from './db/database';
import { seedDatabase, type DemoAccount } from './db/seed';
import { RateLimiter } from './plugins/rate-limiter';
import { createMediaStorage, describeMediaStorage } from './plugins/storage';
import { enterPublicMediaBase } from './modules/media';
import { describeRealtime } from './realtime/realtime-config';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Listings expire and get their reminders within this long of the moment. */
const CLOCK_INTERVAL_MS = 60 * 1000;

/** What is running so far, closed in reverse order on a signal, whenever it comes (start-up included). */
const running: {
  database?: DatabaseHandle;
  app?: FastifyInstance;
  pruneTimer?: NodeJS.Timeout;
  clockTimer?: NodeJS.Timeout;
  /** How long requests in flight may take to finish once a signal came (SHUTDOWN_GRACE_SECONDS). */
  graceMs?: number;
} = {};
let stopping = false;

function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  running.app?.log.info(`${signal} received, shutting down`);
  clearInterval(running.pruneTimer);
  clearInterval(running.clockTimer);
  // Fastify stops listening at once, answers 503 to requests that still arrive on open connections
  // (and /health/ready says not ready), and waits for those in flight; after the grace their
  // connections are cut. WebSockets are told to reconnect (to another process behind the proxy).
  const app = running.app;
  const grace = setTimeout(() => {
    app?.log.warn(`requests still running after ${running.graceMs ?? 0} ms; closing their connections`);
    app?.server.closeAllConnections();
  }, running.graceMs ?? 0);
  grace.unref();
  Promise.resolve(app?.close())
    .then(() => clearTimeout(grace))
    .then(() => running.database?.close())
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      process.stderr.write(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  const startedAt = performance.now();
  const config = loadConfig();
  // The one app of this process: what its timers start (alerts, order steps) uses MEDIA_PUBLIC_URL too.
  enterPublicMediaBase(config.mediaPublicUrl);
  running.graceMs = config.shutdownGraceMs;
  // On a fresh data dir the demo's photos are drawn (in a child process) while the database is made.
  const demoPhotos = demoPhotoPool(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    embedded: { dataDir: config.dataDir, osUser: config.embeddedPostgresUser, sizing: config.embeddedPostgresSizing },
  });
  running.database = database;
  const demoAccounts = await withStartupLock(database.db, async () => {
    await migrateToLatest(database.db);
    return seedDatabase(database.db, { demo: config.seedDemo, storage: createMediaStorage(config), demoPhotos });
  });

  const app = await buildApp({ config, db: database.db, logger: { level: config.logLevel } });
  running.app = app;
  const embedded = database.embedded;
  if (embedded?.stoppedLeftover) {
    app.log.warn(`Stopped the database server (pid ${embedded.stoppedLeftover}) that a killed run had left behind`);
  }
  embedded?.onUnexpectedExit((code, signal) => {
    process.stderr.write(
      `The embedded database stopped unexpectedly (${signal ?? `exit code ${code}`}); see ${embedded.logFile}. Stopping.\n`,
    );
    process.exit(1);
  });

  const limiter = new RateLimiter(database.db);
  const prune = async () => {
    await app.sessions.pruneExpired();
    await limiter.pruneExpired();
    await app.notifications.pruneOutbox();
    await app.account.tokens.pruneExpired();
  };
  await prune();
  running.pruneTimer = setInterval(() => {
    prune().catch((error: unknown) => app.log.error(error));
  }, PRUNE_INTERVAL_MS);
  running.pruneTimer.unref();
  await app.catalogue.tick();
  // Order deadlines live in the database: whatever came due while the server was down moves on now.
  await app.orders.tick();
  // Suspensions that ran out while the server was down end now (their listings show again).
  await app.moderation.tick();
  running.clockTimer = setInterval(() => {
    app.catalogue.tick().catch((error: unknown) => app.log.error(error));
    // After listen: the alerts ask the search API through the app itself.
    runSavedSearchAlerts(app).catch((error: unknown) => app.log.error(error));
    app.orders.tick().catch((error: unknown) => app.log.error(error));
    app.chatMail().catch((error: unknown) => app.log.error(error));
    app.moderation.tick().catch((error: unknown) => app.log.error(error));
  }, CLOCK_INTERVAL_MS);
  running.clockTimer.unref();

  await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.port} is already in use; stop what uses it or set PORT to another port.`);
    }
    if (code === 'EACCES') {
      throw new StartupError(`Not allowed to listen on port ${config.port}; set PORT to a port above 1023.`);
    }
    throw error;
  });
  // After listen, so links in e-mails know the port when PUBLIC_URL is unset; app.close() stops it.
  app.notifications.worker.start();
  // Issues being sent when the server stopped carry on where they were (decision 040).
  app.newsletter.sender.start();
  printBanner(app, config, database, demoAccounts, performance.now() - startedAt);
}

function printBanner(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  demoAccounts: DemoAccount[],
  elapsedMs: number,
): void {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host;
  const runsAs = database.embedded?.runsAs;
  const lines = [
    '',
    `  Marketplace is running at http://${shownHost}:${port}`,
    `  Database: ${database.location}${runsAs ? ` (runs as the user ${runsAs.name})` : ''}`,
    `  Real time: ${describeRealtime(config.realtime)}`,
    `  E-mail: ${app.notifications.transport.description}`,
    `  Photos: ${describeMediaStorage(config)}`,
    ...(config.env === 'production' ? [] : [`  Your e-mails: http://${shownHost}:${port}/dev/mail (development only)`]),
    `  Started in ${Math.round(elapsedMs)} ms`,
    ...(demoAccounts.length > 0
      ? ['', '  Demo accounts:', ...demoAccounts.map((a) => `    ${a.label.padEnd(11)} ${a.email}  /  ${a.password}`)]
      : []),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch(async (error: unknown) => {
  await running.app?.close().catch(() => {});
  await running.database?.close().catch(() => {});
  if (error instanceof StartupError) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.LOG_LEVEL === 'debug') console.error(error);
  }
  process.exit(1);
});
