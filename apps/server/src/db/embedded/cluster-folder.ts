import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../../config';
import type { OsUser } from './os-user';
import type { PostgresBinaries } from './postgres-binaries';

/** Where the embedded database keeps its files, all inside DATA_DIR. */
export interface ClusterLayout {
  dataDir: string;
  /** The PostgreSQL cluster; its Unix socket lives in it too. */
  clusterDir: string;
  /** What the server writes to standard output and error. */
  logFile: string;
  /** The app's own lock: one app process per DATA_DIR. */
  lockFile: string;
  /** The folder the PGlite-based versions of the app used. */
  legacyPgliteDir: string;
}

/** Written into a cluster this app made, with what made it. */
export const CLUSTER_MARKER = 'marketplace-cluster.json';

export function clusterLayout(dataDir: string): ClusterLayout {
  return {
    dataDir,
    clusterDir: path.join(dataDir, 'postgres'),
    logFile: path.join(dataDir, 'postgres.log'),
    lockFile: path.join(dataDir, 'server.lock'),
    legacyPgliteDir: path.join(dataDir, 'db'),
  };
}

export function prepareDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `Cannot use ${dataDir} for the database (${code}); set DATA_DIR to a folder the server can read and write.`,
    );
  }
}

/** One app per DATA_DIR: a second would stop the first one's database as a left-over. */
export function lockDataDir(lockFile: string): () => void {
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new StartupError(
        `${path.dirname(lockFile)} is in use by another running server (pid ${holder}); stop it first or set DATA_DIR to another folder.`,
      );
    }
  } catch (error) {
    if (error instanceof StartupError) throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
}

/** Whether process `pid` is alive: a zombie (killed, not yet reaped by its parent) is not. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return true; // no /proc (macOS), or it ended just now
  }
}

export type ClusterState = 'missing' | 'ready';

/**
 * What is in the cluster folder: nothing yet, or a cluster this app made for these binaries. Any
 * other content stops start-up with what to do, since starting on it could damage it.
 */
export function inspectCluster(layout: ClusterLayout, binaries: PostgresBinaries): ClusterState {
  if (fs.existsSync(path.join(layout.legacyPgliteDir, 'PG_VERSION'))) {
    throw new StartupError(
      `${layout.legacyPgliteDir} holds a database from an earlier version of this app (PGlite), which this version cannot open; move that folder away or delete it to start with a new database, or set DATA_DIR to another folder.`,
    );
  }
  const { clusterDir } = layout;
  const stat = fs.statSync(clusterDir, { throwIfNoEntry: false });
  if (!stat) return 'missing';
  if (!stat.isDirectory()) {
    throw new StartupError(`${clusterDir} is not a folder; move it away, or set DATA_DIR to another folder.`);
  }
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) {
    if (fs.readdirSync(clusterDir).length === 0) return 'missing';
    throw new StartupError(
      `${clusterDir} holds files that are not a PostgreSQL database; move them away, or set DATA_DIR to another folder.`,
    );
  }
  if (!fs.existsSync(path.join(clusterDir, CLUSTER_MARKER))) {
    throw new StartupError(
      `${clusterDir} holds a PostgreSQL database that this app did not make; move it away, or point DATABASE_URL at the server that owns it.`,
    );
  }
  const major = Number(fs.readFileSync(versionFile, 'utf8').trim());
  if (major !== binaries.major) {
    throw new StartupError(
      `${clusterDir} holds a PostgreSQL ${major} database and this app runs PostgreSQL ${binaries.major}; move it away to start afresh, or copy its data over with pg_dump from PostgreSQL ${major}.`,
    );
  }
  return 'ready';
}

/** The cluster folder must belong to the user the server runs as, with no access for anyone else. */
export function checkOwnership(clusterDir: string, user: OsUser | undefined): void {
  const stat = fs.statSync(clusterDir);
  const expected = user?.uid ?? process.getuid?.();
  if (expected !== undefined && stat.uid !== expected) {
    throw new StartupError(
      `${clusterDir} belongs to uid ${stat.uid} but the database runs as ${user ? user.name : `uid ${expected}`}; start the app as the user who made it, or set DATA_DIR to another folder.`,
    );
  }
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(clusterDir, 0o700);
}

/** A folder owned by the database's user, readable by nobody else. */
export function makePrivateFolder(folder: string, user: OsUser | undefined): void {
  fs.mkdirSync(folder, { mode: 0o700 });
  if (user) fs.chownSync(folder, user.uid, user.gid);
}
