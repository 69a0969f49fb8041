// Builds the web app into a temporary folder and starts the real server on it, on a fresh
// embedded database with the demo accounts, for bench/web-budget.mjs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The production build, without the browser tests' settings that may be in the environment. */
export function buildWebApp() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-budget-web-'));
  const env = { ...process.env };
  delete env.VITE_CHUNK_TIMEOUT_MS;
  delete env.VITE_E2E_HOOKS;
  const build = spawnSync(
    'npm',
    ['run', 'build', '--silent', '--workspace', '@marketplace/web', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) throw new Error('the web build failed');
  return outDir;
}

/** Starts apps/server (of the checkout at `cwd`) on `distDir`; resolves to its address and a stop function. */
export async function startServer(distDir, cwd = root) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-budget-data-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: distDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += String(chunk);
      const match = /running at http:\/\/\S+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    /** The server's DATA_DIR: a command (npm run staff) can reach its database beside it. */
    dataDir,
    async stop() {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGINT');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in as a person would (page, CSRF token, POST /login) and returns the session cookie. */
export async function signIn(base, { email, password }) {
  const page = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
  const guestCookie = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const token = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error('the login page carries no CSRF token');
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': token,
      cookie: guestCookie.join('; '),
    },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`logging in as ${email} answered ${login.status}`);
  const [name, value] = login.headers.getSetCookie()[0]?.split(';')[0]?.split('=') ?? [];
  if (!name || !value) throw new Error('logging in set no session cookie');
  return { name, value };
}
