import { buildApp } from './app';
import { loadConfig, StartupError } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { seedDatabase } from './db/seed';
import { RateLimiter } from './plugins/rate-limiter';
import { describeRealtime } from './realtime/realtime-config';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
    await migrateToLatest(database.db);
    const demoAccounts = await seedDatabase(database.db, { demo: config.seedDemo });

    const app = await buildApp({ config, db: database.db, logger: { level: config.logLevel } });
    const limiter = new RateLimiter(database.db);
    const prune = async () => {
      await app.sessions.pruneExpired();
      await limiter.pruneExpired();
    };
    await prune();
    const pruneTimer = setInterval(() => {
      prune().catch((error: unknown) => app.log.error(error));
    }, PRUNE_INTERVAL_MS);
    pruneTimer.unref();

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

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host;
    const lines = [
      '',
      `  Marketplace is running at http://${shownHost}:${port}`,
      `  Database: ${database.engine === 'pglite' ? `embedded PGlite in ${database.location}` : database.location}`,
      `  Real time: ${describeRealtime(config.realtime)}`,
      `  Started in ${Math.round(performance.now() - startedAt)} ms`,
      ...(demoAccounts.length > 0
        ? ['', '  Demo accounts:', ...demoAccounts.map((a) => `    ${a.label.padEnd(11)} ${a.email}  /  ${a.password}`)]
        : []),
      '',
      '  Press Ctrl-C to stop.',
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');

    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal} received, shutting down`);
      clearInterval(pruneTimer);
      app
        .close()
        .then(() => database?.close())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          app.log.error(error, 'shutdown failed');
          process.exit(1);
        });
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  } catch (error) {
    await database?.close().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.LOG_LEVEL === 'debug') console.error(error);
  }
  process.exit(1);
});
