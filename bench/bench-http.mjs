// What the HTTP benchmarks share: starting a server process, signing up a user as the web app
// does, and one autocannon measurement. DURATION (s, default 10) and CONNECTIONS (default 100).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';

const root = path.resolve(import.meta.dirname, '..');
export const duration = Number(process.env.DURATION ?? 10);
export const connections = Number(process.env.CONNECTIONS ?? 100);

/** Spawns a node process and resolves with its port once its output names it. */
export function startProcess(args, env, portPattern) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const port = new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const match = portPattern.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * Where a benchmark that generates a large database (search, the moderation queue, the dashboard)
 * keeps it: BENCH_DATA_DIR, to reuse on the next run (`keptDir` is then set), or a new temporary
 * folder named from `prefix` (short: the database's Unix socket path must stay under ~100 bytes).
 */
export function benchDataDir(prefix) {
  const keptDir = process.env.BENCH_DATA_DIR;
  return { dataDir: keptDir ? path.resolve(keptDir) : fs.mkdtempSync(path.join(os.tmpdir(), prefix)), keptDir };
}

/** The server's production bundle, as `npm start` and a deployment run it (built once per bench run; BENCH_SERVER=…/main.js runs that one). */
let bundle;
export function benchServerBundle() {
  if (process.env.BENCH_SERVER) return path.resolve(process.env.BENCH_SERVER);
  if (bundle) return bundle;
  const outDir = path.join(root, 'apps/server/dist/bench');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', outDir], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server did not build');
  bundle = path.join(outDir, 'main.js');
  return bundle;
}

/**
 * The real server on its embedded PostgreSQL in `dataDir`, as the benchmarks run it: no demo data,
 * quiet logs, the test fixtures' web build, and `env`'s settings on top (limits lifted for the load).
 */
export function startBenchServer(dataDir, env = {}) {
  return startProcess(
    ['--enable-source-maps', benchServerBundle()],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(root, 'apps/server/test/fixtures/web'),
      ...env,
    },
    /running at http:\/\/\S+:(\d+)/,
  );
}

/**
 * CPU seconds (user + system) used so far by process `pid` (`own`) and by it and every process under
 * it (`all`: the embedded PostgreSQL's postmaster and backends, and those that ended), from /proc; 0
 * where /proc is not there.
 */
export function treeCpuSeconds(pid) {
  const ticks = 100; // USER_HZ on Linux
  const stats = new Map();
  let names = [];
  try {
    names = fs.readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name));
  } catch {
    return { own: 0, all: 0 };
  }
  for (const name of names) {
    try {
      const text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // Its own time and that of its children that ended (a pool's backend closed while idle).
      const [user, system, children, childrenSystem] = fields.slice(11, 15).map(Number);
      stats.set(Number(name), { parent: Number(fields[1]), cpu: (user + system + children + childrenSystem) / ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const under = [pid];
  while (under.length > 0) {
    const current = under.pop();
    total += stats.get(current)?.cpu ?? 0;
    for (const [child, { parent }] of stats) if (parent === current) under.push(child);
  }
  return { own: stats.get(pid)?.cpu ?? 0, all: total };
}

/** Seconds since `start` (a performance.now()), to one decimal. */
export const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);

/** The p-th percentile of times sorted in ascending order. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const cookieHeader = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** E-mails already read from a mail folder, by file name: each .eml is parsed once however many users wait. */
const parsedMail = new Map();

/**
 * The verification link's token e-mailed to `address`, from the .eml files the server writes to
 * `mailDir` (DATA_DIR/mail, the default mail transport), as a person would click it.
 */
async function verificationToken(mailDir, address) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
    for (const name of files) {
      if (parsedMail.has(name)) continue;
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, name)));
      const to = Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address;
      const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      parsedMail.set(name, { to, token });
    }
    for (const { to, token } of parsedMail.values()) if (to === address && token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification e-mail to ${address} in ${mailDir}`);
}

/**
 * Registers a new user the way the web app does and returns the headers of its signed-in session.
 * With `mailDir` (the server's DATA_DIR/mail), the address is verified through the e-mailed link
 * first, as publishing and ordering need.
 */
export async function signedInUser(base, index, { mailDir } = {}) {
  const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
  const guestCookie = cookieHeader(page);
  const guestToken = /<meta name="csrf-token" content="([^"]+)">/.exec(await page.text())?.[1] ?? '';
  const email = `bench.${index}.${Date.now()}@example.com`;
  const registration = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: guestCookie, 'x-csrf-token': guestToken },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: `User ${index}`,
      email,
      password: 'bench password 123',
      password_confirmation: 'bench password 123',
      account_type: 'individual',
    }),
  });
  if (registration.status !== 201) throw new Error(`registration: ${registration.status} ${await registration.text()}`);
  const headers = {
    cookie: cookieHeader(registration),
    'x-csrf-token': registration.headers.get('x-csrf-token') ?? '',
    'x-requested-with': 'XMLHttpRequest',
    accept: 'application/json',
  };
  if (mailDir) {
    const token = await verificationToken(mailDir, email);
    const verified = await fetch(`${base}/api/account/email/verify`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!verified.ok) throw new Error(`verification: ${verified.status} ${await verified.text()}`);
  }
  return headers;
}

/**
 * Runs autocannon after a 3 s warm-up; `headers` go with every request, `perConnection` gives each
 * connection its own headers and body. Any answer that is not 2xx stops the run.
 */
export async function measure(url, { method = 'GET', headers, perConnection } = {}) {
  let next = 0;
  const options = {
    url,
    method,
    connections,
    ...(headers && { headers }),
    ...(perConnection && {
      setupClient(client) {
        const { headers: own, body } = perConnection(next++ % connections);
        client.setHeadersAndBody(own, body);
      },
    }),
  };
  await autocannon({ ...options, duration: 3 }); // warm-up: JIT, caches, connections
  next = 0;
  const result = await autocannon({ ...options, duration });
  if (result.non2xx > 0) throw new Error(`${method} ${url}: ${result.non2xx} answers were not 2xx`);
  // Errors are requests that got no answer within autocannon's 10 s: reported, not hidden.
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors };
}

/** A JSON call with a signed-in user's headers (or a photo's bytes); a refusal stops the benchmark with the server's answer. */
export async function call(base, headers, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(body && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}
