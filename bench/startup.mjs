// Start-up time of the real server on a fresh data dir (make the database cluster, migrate, seed)
// and on an existing one (start the cluster, check migrations, seed finds everything present), and
// the memory the app and its embedded database hold at rest. Run: npm run bench:startup (RUNS=3).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchServerBundle } from './bench-http.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 3);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Proportional set size in KiB: shared pages (PostgreSQL's shared buffers) count once across processes. */
function pssKiB(pid) {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The embedded server and its backends: the postmaster (from its pid file) and its children. */
function databasePids(dataDir) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Milliseconds from spawning the server until GET /up answers 200, and its memory 3 s later. */
async function timeStart(dataDir) {
  const started = performance.now();
  const server = spawn(process.execPath, ['--enable-source-maps', benchServerBundle()], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += String(chunk);
      const match = /running at http:\/\/\S+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/up`).catch(() => undefined);
    if (response?.ok) break;
    await sleep(10);
  }
  const elapsed = performance.now() - started;
  await sleep(3000);
  const appMiB = pssKiB(server.pid) / 1024;
  const pids = databasePids(dataDir);
  const databaseMiB = pids.reduce((sum, pid) => sum + pssKiB(pid), 0) / 1024;
  const exited = new Promise((resolve) => server.on('exit', resolve));
  server.kill('SIGINT');
  await exited;
  return { elapsed, appMiB, databaseMiB, processes: pids.length };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = [];
const existing = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-start-'));
  fresh.push(await timeStart(dataDir));
  existing.push(await timeStart(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log(`start-up until GET /up answers, median of ${runs}:`);
for (const [label, results] of [
  ['fresh data dir:   ', fresh],
  ['existing data dir:', existing],
]) {
  const times = results.map((result) => Math.round(result.elapsed));
  console.log(`  ${label} ${median(times)} ms  (runs: ${times.join(', ')})`);
}
const last = existing.at(-1);
console.log(
  `memory at rest (PSS, 3 s after start, existing data dir): app ${median(existing.map((r) => r.appMiB)).toFixed(0)} MiB, ` +
    `database ${median(existing.map((r) => r.databaseMiB)).toFixed(0)} MiB in ${last?.processes ?? 0} processes`,
);
