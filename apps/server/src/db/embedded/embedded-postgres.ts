import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { StartupError } from '../../config';
import {
  checkOwnership,
  CLUSTER_MARKER,
  clusterLayout,
  inspectCluster,
  lockDataDir,
  makePrivateFolder,
  prepareDataDir,
  type ClusterLayout,
} from './cluster-folder';
import { chooseDatabaseUser, type OsUser } from './os-user';
import { binariesFor, findPostgresBinaries, type PostgresBinaries } from './postgres-binaries';
import { initCluster, startServer, stopLeftoverServer, type RunningServer } from './postgres-process';
import { DEFAULT_SERVER_SIZING, type EmbeddedServerSizing } from './server-sizing';

export const EMBEDDED_DATABASE_NAME = 'marketplace';
const SOCKET_NAME = '.s.PGSQL.5432';
/** Unix socket paths are limited to 104-108 bytes, depending on the system. */
const MAX_SOCKET_PATH = 100;
const MAX_LOG_BYTES = 10 * 1024 * 1024;

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** EMBEDDED_POSTGRES_USER: whom the server runs as when the app runs as root. */
  osUser?: string | undefined;
  /** Off only for throw-away test clusters. */
  durable?: boolean;
  /** EMBEDDED_POSTGRES_*: shared buffers, connections, I/O workers (server-sizing.ts has the defaults). */
  sizing?: Partial<EmbeddedServerSizing>;
}

export interface EmbeddedPostgres {
  /** postgresql://…?host=<socket folder>: the app connects as it would to any server. */
  url: string;
  /** The same server's maintenance database, to create and drop databases (the tests do). */
  adminUrl: string;
  version: string;
  clusterDir: string;
  logFile: string;
  /** Whom the server runs as, when that is not the app's own user. */
  runsAs: OsUser | undefined;
  /** A server a killed app had left running, stopped by this start. */
  stoppedLeftover: number | undefined;
  pid: number;
  stop(): Promise<void>;
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

/**
 * Runs a real PostgreSQL server for the app from the binaries in npm packages: its cluster in
 * DATA_DIR/postgres (made on the first start), listening on a Unix socket in that folder only.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const durable = options.durable ?? true;
  const layout = clusterLayout(path.resolve(options.dataDir));
  prepareDataDir(layout.dataDir);
  const releaseLock = lockDataDir(layout.lockFile);
  let server: RunningServer | undefined;
  let socketFd: number | undefined;
  try {
    const packaged = findPostgresBinaries();
    const state = inspectCluster(layout, packaged);
    const user = chooseDatabaseUser({
      configured: options.osUser,
      clusterDir: layout.clusterDir,
      dataDir: layout.dataDir,
    });
    const binaries = binariesFor(packaged, user);
    rotateLog(layout.logFile);
    let stoppedLeftover: number | undefined;
    if (state === 'missing') {
      await createCluster(layout, binaries, user, durable);
    } else {
      checkOwnership(layout.clusterDir, user);
      stoppedLeftover = await stopLeftoverServer(layout.clusterDir);
    }
    writeAccessRules(layout.clusterDir, user);
    const sizing = { ...DEFAULT_SERVER_SIZING, ...options.sizing };
    server = await startServer(layout.clusterDir, { binaries, user, logFile: layout.logFile, durable, sizing });

    let host = layout.clusterDir;
    if (path.join(host, SOCKET_NAME).length > MAX_SOCKET_PATH) {
      if (process.platform !== 'linux') {
        throw new StartupError(
          `The path of ${layout.clusterDir} is too long for the database's socket; set DATA_DIR to a shorter path.`,
        );
      }
      socketFd = fs.openSync(layout.clusterDir, 'r');
      host = `/proc/self/fd/${socketFd}`;
    }
    const urlFor = (database: string) => `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(host)}`;
    await ensureDatabase(urlFor('postgres'), EMBEDDED_DATABASE_NAME);

    const running = server;
    const fd = socketFd;
    return {
      url: urlFor(EMBEDDED_DATABASE_NAME),
      adminUrl: urlFor('postgres'),
      version: binaries.version,
      clusterDir: layout.clusterDir,
      logFile: layout.logFile,
      runsAs: user,
      stoppedLeftover,
      pid: running.pid,
      async stop() {
        try {
          await running.stop();
        } finally {
          if (fd !== undefined) fs.closeSync(fd);
          releaseLock();
        }
      },
      onUnexpectedExit: (listener) => running.onUnexpectedExit(listener),
    };
  } catch (error) {
    await server?.stop().catch(() => {});
    if (socketFd !== undefined) fs.closeSync(socketFd);
    releaseLock();
    throw error;
  }
}

/** initdb into a folder beside the cluster's, then one rename: a start cut short never leaves half a cluster. */
async function createCluster(
  layout: ClusterLayout,
  binaries: PostgresBinaries,
  user: OsUser | undefined,
  durable: boolean,
): Promise<void> {
  const staging = `${layout.clusterDir}.new`;
  fs.rmSync(staging, { recursive: true, force: true });
  makePrivateFolder(staging, user);
  try {
    await initCluster(staging, { binaries, user, logFile: layout.logFile, sync: durable });
    const marker = { createdBy: 'marketplace', postgres: binaries.version, createdAt: new Date().toISOString() };
    fs.writeFileSync(path.join(staging, CLUSTER_MARKER), `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
    if (user) fs.chownSync(path.join(staging, CLUSTER_MARKER), user.uid, user.gid);
    fs.rmSync(layout.clusterDir, { recursive: true, force: true }); // an empty folder, if anything
    fs.renameSync(staging, layout.clusterDir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Who may connect, rewritten at every start. The socket's folder is open only to the server's
 * user: when that is the app's own user, trust it; when the app runs as root and the server as
 * another user, only root (by its peer credentials) may connect, not other processes of that user.
 */
function writeAccessRules(clusterDir: string, user: OsUser | undefined): void {
  const header = '# Written by the app at every start (apps/server/src/db/embedded/embedded-postgres.ts).\n';
  const files: Record<string, string> = user
    ? {
        'pg_hba.conf': `${header}local all postgres peer map=app\n`,
        'pg_ident.conf': `${header}app root postgres\n`,
      }
    : { 'pg_hba.conf': `${header}local all all trust\n`, 'pg_ident.conf': header };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(clusterDir, name);
    fs.writeFileSync(file, content, { mode: 0o600 });
    if (user) fs.chownSync(file, user.uid, user.gid);
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

function rotateLog(logFile: string): void {
  const size = fs.statSync(logFile, { throwIfNoEntry: false })?.size ?? 0;
  if (size > MAX_LOG_BYTES) fs.renameSync(logFile, `${logFile}.1`);
}
