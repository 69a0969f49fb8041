// Starts the real server on a fresh embedded database for the browser tests, after building the
// web app into the test run's own folder (so parallel runs and `npm start` never share a build).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../../scripts/build-server.mjs';

const { DATA_DIR: dataDir, WEB_DIST_DIR: distDir } = process.env;
if (!dataDir || !distDir) throw new Error('DATA_DIR and WEB_DIST_DIR must be set');
await stopLeftoverDatabase(path.join(dataDir, 'postgres', 'postmaster.pid'));
fs.rmSync(dataDir, { recursive: true, force: true });

const build = spawnSync(
  'npm',
  ['run', 'build', '--silent', '--workspace', '@marketplace/web', '--', '--outDir', distDir, '--emptyOutDir'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) process.exit(build.status ?? 1);
// The server's production bundle (scripts/build-server.mjs): the browser tests drive the artifact a
// deployment runs, on plain Node. Inside the checkout (a folder per port), where its imports of
// packages resolve from node_modules as the deployed bundle's do.
const serverDir = path.resolve(import.meta.dirname, '../../../apps/server/dist', `e2e-${process.env.PORT}`);
await buildServer(serverDir);

// NODE_ENV=test changes one thing in the server (app.ts): it registers the test hook
// POST /api/test/notifications (decision 019), which tests/e2e/notifications.spec.ts raises events with.
const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDir, 'main.js')], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', HOST: '127.0.0.1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

/** A run that was killed may have left its database running on the folder about to be emptied. */
async function stopLeftoverDatabase(pidFile) {
  const pid = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\n')[0] : NaN);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000; waited += 50) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
