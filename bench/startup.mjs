// Start-up time of the real server on a fresh data dir (make the database cluster, migrate, seed the
// demo catalogue and draw its photos) and on an existing one (start the cluster, check migrations,
// find everything seeded), and the memory the app and its embedded database hold at rest: the PSS of
// the app's process and every PostgreSQL process (shared buffers counted once), REST_SECONDS after
// /health/ready first answers 200. Run: npm run bench:startup (RUNS=3, REST_SECONDS=30;
// BENCH_SERVER=path/to/main.js runs that bundle instead of building one; PHOTO_CACHE=cold gives each
// fresh start an empty DEMO_PHOTO_CACHE_DIR, as on a fresh clone, instead of the checkout's cache).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchServerBundle } from './bench-http.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 3);
const restSeconds = Number(process.env.REST_SECONDS ?? 30);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's memory in KiB from smaps_rollup: Pss counts pages shared by n processes as 1/n each. */
function memoryKiB(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { pss: field('Pss'), rss: field('Rss') };
  } catch {
    return { pss: 0, rss: 0 };
  }
}

/** The pids whose parent is `parent`. */
function childrenOf(parent) {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The embedded server and its backends: the postmaster (from its pid file) and its children. */
function databasePids(dataDir) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return [postmaster, ...childrenOf(postmaster)];
}

/** CPU seconds a process used, with its children that have ended (initdb, the demo's painter). */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name and state.
  return fields.slice(11, 15).reduce((total, ticks) => total + Number(ticks), 0) / 100;
}

const sum = (pids, field) => pids.reduce((total, pid) => total + memoryKiB(pid)[field], 0) / 1024;

/** Milliseconds from spawning the server until GET /health/ready answers 200, and its memory at rest. */
async function timeStart(server, dataDir, env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const match = /running at http:\/\/\S+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
    if (response?.ok) break;
    await sleep(10);
  }
  const elapsed = performance.now() - started;
  const cpu = cpuSeconds(child.pid);
  await sleep(restSeconds * 1000);
  // Every process the app started and is still running (none but the database is expected).
  const others = childrenOf(child.pid).filter((pid) => !databasePids(dataDir).includes(pid));
  const appPids = [child.pid, ...others];
  const dbPids = databasePids(dataDir);
  const result = {
    elapsed,
    cpu,
    appMiB: sum(appPids, 'pss'),
    databaseMiB: sum(dbPids, 'pss'),
    rssMiB: sum([...appPids, ...dbPids], 'rss'),
    appProcesses: appPids.length,
    databaseProcesses: dbPids.length,
  };
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGINT');
  await exited;
  return result;
}

const server = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : benchServerBundle();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = [];
const existing = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-start-'));
  const cache = process.env.PHOTO_CACHE === 'cold' ? path.join(dataDir, 'photo-cache') : undefined;
  fresh.push(await timeStart(server, path.join(dataDir, 'data'), cache ? { DEMO_PHOTO_CACHE_DIR: cache } : {}));
  existing.push(await timeStart(server, path.join(dataDir, 'data')));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log(
  `${server}, photo cache ${process.env.PHOTO_CACHE ?? 'warm'}: until GET /health/ready answers, then memory ${restSeconds} s later, median of ${runs}:`,
);
for (const [label, results] of [
  ['fresh data dir:   ', fresh],
  ['existing data dir:', existing],
]) {
  const list = (pick, digits = 0) => results.map((result) => pick(result).toFixed(digits)).join(', ');
  const times = results.map((result) => Math.round(result.elapsed));
  const total = (result) => result.appMiB + result.databaseMiB;
  const last = results.at(-1);
  console.log(
    `  ${label} ${median(times)} ms  (runs: ${times.join(', ')}); the app's CPU until then ${list((r) => r.cpu, 1)} s`,
  );
  console.log(
    `    PSS ${median(results.map(total)).toFixed(0)} MiB (runs: ${list(total)}): app ${list((r) => r.appMiB)}` +
      ` in ${last?.appProcesses} process(es), database ${list((r) => r.databaseMiB)} in ${last?.databaseProcesses}; RSS sum ${list((r) => r.rssMiB)}`,
  );
}
