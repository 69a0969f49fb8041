import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../../config';
import { isRunning } from './cluster-folder';
import type { OsUser } from './os-user';
import { binaryPath, type PostgresBinaries } from './postgres-binaries';
import { sizingSettings, type EmbeddedServerSizing } from './server-sizing';

/**
 * On Linux the server is handed its cluster folder as an open file descriptor and finds it at
 * /proc/self/fd/3: it then needs no way through the folders above DATA_DIR (a checkout in /root, a
 * 0700 temporary folder) when it runs as another user than the app, and the socket's path stays
 * short whatever DATA_DIR's length. Elsewhere it gets the real path.
 */
const PASS_FOLDER_AS_FD = process.platform === 'linux' && fs.existsSync('/proc/self/fd');
const CLUSTER_FD = 3;

export interface ProcessOptions {
  binaries: PostgresBinaries;
  user: OsUser | undefined;
  logFile: string;
}

interface Launch {
  folderArg: string;
  stdio: ('ignore' | number)[];
  close(): void;
}

function launchFor(folder: string, logFile: string): Launch {
  const log = fs.openSync(logFile, 'a', 0o600);
  const fds = [log];
  const stdio: ('ignore' | number)[] = ['ignore', log, log];
  let folderArg = folder;
  if (PASS_FOLDER_AS_FD) {
    const dir = fs.openSync(folder, 'r');
    fds.push(dir);
    stdio[CLUSTER_FD] = dir;
    folderArg = `/proc/self/fd/${CLUSTER_FD}`;
  }
  return { folderArg, stdio, close: () => fds.forEach((fd) => fs.closeSync(fd)) };
}

/** The server sees none of the app's environment (its secrets), only what it needs. */
function serverEnvironment(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' };
}

function spawnAs(
  program: string,
  args: string[],
  stdio: Launch['stdio'],
  options: ProcessOptions & { detached?: boolean },
) {
  return spawn(program, args, {
    stdio,
    env: serverEnvironment(),
    detached: options.detached ?? false,
    ...(options.user && { uid: options.user.uid, gid: options.user.gid }),
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.once('error', reject);
  });
}

/** The last line the server or initdb wrote that says what went wrong. */
export function lastProblem(logFile: string, since: number): string | undefined {
  try {
    const text = fs.readFileSync(logFile, 'utf8').slice(since);
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const problems = lines.filter((line) => /\b(FATAL|PANIC|ERROR|error|could not|cannot)\b/.test(line));
    return (problems.at(-1) ?? lines.at(-1))?.replace(/^.*?\b(FATAL|PANIC|ERROR):\s+/, '');
  } catch {
    return undefined;
  }
}

function logSize(logFile: string): number {
  return fs.statSync(logFile, { throwIfNoEntry: false })?.size ?? 0;
}

/** Makes a new cluster in `folder` (which exists, empty, owned by the database's user). */
export async function initCluster(folder: string, options: ProcessOptions & { sync: boolean }): Promise<void> {
  const since = logSize(options.logFile);
  const launch = launchFor(folder, options.logFile);
  try {
    const args = [
      '--pgdata',
      launch.folderArg,
      '--username=postgres',
      '--auth=trust',
      '--encoding=UTF8',
      // Unicode-aware and the same on every machine, whatever locales the system has.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
      ...(options.sync ? [] : ['--no-sync']),
    ];
    const child = spawnAs(binaryPath(options.binaries, 'initdb'), args, launch.stdio, options);
    const code = await exited(child);
    if (code !== 0) {
      const problem = lastProblem(options.logFile, since) ?? `initdb exited with ${code}`;
      throw new StartupError(
        `Cannot create the embedded database in ${folder} (${problem}); see ${options.logFile}, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  } finally {
    launch.close();
  }
}

export interface ServerSettings {
  /** Off only for throw-away test clusters: a crash of the machine could then lose commits. */
  durable: boolean;
  sizing: EmbeddedServerSizing;
}

export interface RunningServer {
  pid: number;
  /** Stops the server: a fast shutdown (open transactions roll back), harder if it does not stop. */
  stop(): Promise<void>;
  /** Called when the server stops without being asked to. */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

const READY_TIMEOUT_MS = 120_000;

export async function startServer(
  clusterDir: string,
  options: ProcessOptions & ServerSettings,
): Promise<RunningServer> {
  const since = logSize(options.logFile);
  const launch = launchFor(clusterDir, options.logFile);
  const settings = {
    listen_addresses: '',
    unix_socket_directories: launch.folderArg,
    unix_socket_permissions: '0700',
    ...(!options.durable && { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    // Tuned for a web app's short queries on one machine (bench/README.md, search at a million
    // listings): no JIT compilation, which costs a query tens of milliseconds once its estimated
    // cost is high; no parallel workers, which many concurrent requests only make compete for the
    // same cores; and random reads priced as what they are on a local disk whose pages are cached.
    jit: 'off',
    max_parallel_workers_per_gather: '0',
    random_page_cost: '1.1',
    ...sizingSettings(options.sizing, options.binaries.version),
  };
  const args = [
    '-D',
    launch.folderArg,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  // Its own process group: Ctrl-C in a terminal reaches the app, which then stops the server after its last request.
  const child = spawnAs(binaryPath(options.binaries, 'postgres'), args, launch.stdio, { ...options, detached: true });
  launch.close();
  const pid = child.pid;
  if (pid === undefined) {
    await exited(child).catch(() => {});
    throw new StartupError(
      `Cannot run ${binaryPath(options.binaries, 'postgres')}; set DATABASE_URL to a PostgreSQL server.`,
    );
  }

  let stopping = false;
  let exitListener: (code: number | null, signal: NodeJS.Signals | null) => void = () => {};
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', stopOnExit);
      if (!stopping) exitListener(code, signal);
      resolve();
    }),
  );
  // If the app ends without stopping it (an uncaught error), the server still shuts down cleanly.
  const stopOnExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already stopped
    }
  };
  process.on('exit', stopOnExit);

  try {
    await waitUntilReady(clusterDir, pid, gone);
  } catch (error) {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) await stopProcess(pid, () => gone);
    const problem = lastProblem(options.logFile, since);
    if (error instanceof StartupError) throw error;
    throw new StartupError(
      `The embedded database did not start (${problem ?? String(error)}); see ${options.logFile}, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }

  return {
    pid,
    async stop() {
      stopping = true;
      await stopProcess(pid, () => gone);
    },
    onUnexpectedExit(listener) {
      exitListener = listener;
    },
  };
}

/** PostgreSQL writes "ready" on the 8th line of postmaster.pid once it accepts connections. */
async function waitUntilReady(clusterDir: string, pid: number, gone: Promise<void>): Promise<void> {
  let exited = false;
  void gone.then(() => (exited = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error('the server stopped while starting');
    const lines = readPidFile(clusterDir);
    if (lines && Number(lines[0]) === pid && lines[7]?.trim() === 'ready') return;
    await sleep(25);
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

function readPidFile(clusterDir: string): string[] | undefined {
  try {
    return fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/** SIGINT (fast shutdown), then SIGQUIT (immediate, recovers on next start), then SIGKILL. */
async function stopProcess(pid: number, gone: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', 60_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ];
  for (const [signal, patience] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const waiting = new AbortController();
    const stopped = await Promise.race([
      gone(waiting.signal).then(() => true),
      sleep(patience, false, { signal: waiting.signal }).catch(() => false),
    ]);
    waiting.abort();
    if (stopped) return;
  }
}

/**
 * A server left running by an app that was killed (kill -9, a crash of the app alone) still holds
 * the cluster: stop it so that this start can run its own. Lock files naming a process that is
 * gone, or that is not that server (its pid reused after a reboot), are removed: PostgreSQL would
 * take a killed server that its parent has not reaped yet (a zombie) for a live one.
 */
export async function stopLeftoverServer(clusterDir: string): Promise<number | undefined> {
  const pid = Number(readPidFile(clusterDir)?.[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  let stopped: number | undefined;
  if (isRunning(pid) && servesFolder(pid, clusterDir)) {
    await stopProcess(pid, async (signal) => {
      while (isRunning(pid) && !signal.aborted) await sleep(50);
    });
    stopped = pid;
  }
  if (!isRunning(pid) || !servesFolder(pid, clusterDir)) {
    for (const lock of ['postmaster.pid', '.s.PGSQL.5432.lock'])
      fs.rmSync(path.join(clusterDir, lock), { force: true });
  }
  return stopped;
}

/** Whether process `pid` is a PostgreSQL server working in `clusterDir`. */
function servesFolder(pid: number, clusterDir: string): boolean {
  if (process.platform === 'linux') {
    try {
      return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(clusterDir);
    } catch {
      return false;
    }
  }
  // Elsewhere: the pid file is in this cluster's folder; check that the process is a postgres.
  const result = spawnSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' });
  return result.status === 0 && path.basename(result.stdout.trim()) === 'postgres';
}
