// Start-up time of the real server: on a fresh data dir (create the database, migrate, seed) and on
// an existing one (open, check migrations, seed finds everything present). Run: npm run bench:startup
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 3);

/** Milliseconds from spawning the server until GET /up answers 200. */
async function timeStart(dataDir) {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => server.on('exit', resolve));
  server.kill('SIGINT');
  await exited;
  return elapsed;
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
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(`start-up until GET /up answers, median of ${runs}:`);
console.log(`  fresh data dir:    ${Math.round(median(fresh))} ms  (runs: ${fresh.map(Math.round).join(', ')})`);
console.log(`  existing data dir: ${Math.round(median(existing))} ms  (runs: ${existing.map(Math.round).join(', ')})`);
