// The profile API (bench/profile.mjs's GET and PUT /user/profile) through Debian's nginx as a
// round-robin proxy, in front of one app process and then of two, on one PostgreSQL: what a second
// process buys on this machine. Run: npm run bench:cluster. Env: DURATION (s, default 10),
// CONNECTIONS (default 100), BENCH_DATABASE_URL=postgres://… to use that server (else an embedded
// one, started for the run), PROCESSES=2,1 to measure two first. Users sign up once, through the
// proxy; every run uses them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded/embedded-postgres.ts';
import { freePort, startNginx } from '../apps/server/test/nginx-proxy.ts';
import { connections, duration, measure, signedInUser, startBenchServer } from './bench-http.mjs';
import { profileBody } from './profile-body.mjs';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-cluster-'));
const embedded = process.env.BENCH_DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), durable: false });
const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded.adminUrl;

/** `count` app processes on the one database behind nginx; `run` gets the proxy's address. */
async function behindProxy(count, run) {
  const servers = [];
  for (let index = 0; index < count; index += 1) {
    // One at a time: the first migrates, the second finds it done.
    const server = startBenchServer(path.join(folder, `app-${index}`), {
      DATABASE_URL: databaseUrl,
      REGISTER_MAX_ATTEMPTS: '100000',
      TRUST_PROXY: 'true',
    });
    await server.port;
    servers.push(server);
  }
  const upstreams = await Promise.all(servers.map(async (server) => new URL(`http://127.0.0.1:${await server.port}`)));
  const proxy = await startNginx(upstreams, await freePort());
  try {
    return await run(proxy.url.origin);
  } finally {
    proxy.child.kill('SIGQUIT');
    await Promise.all(servers.map((server) => server.stop()));
  }
}

let users = [];
let dubai;
const putHeaders = (index) => ({ ...users[index], 'content-type': 'application/json' });
const results = [];
for (const count of (process.env.PROCESSES ?? '1,2').split(',').map(Number)) {
  results.push(
    await behindProxy(count, async (base) => {
      if (users.length === 0) {
        dubai = (await (await fetch(`${base}/cities`)).json()).data.find((city) => city.name === 'Dubai');
        for (let index = 0; index < connections; index += 1) users.push(await signedInUser(base, index));
        for (let index = 0; index < connections; index += 1) {
          const saved = await fetch(`${base}/user/profile`, {
            method: 'PUT',
            headers: putHeaders(index),
            body: profileBody(dubai, index),
          });
          if (saved.status !== 200) throw new Error(`first save: ${saved.status} ${await saved.text()}`);
        }
      }
      const load = os.loadavg()[0];
      const get = await measure(`${base}/user/profile`, { perConnection: (index) => ({ headers: users[index] }) });
      const put = await measure(`${base}/user/profile`, {
        method: 'PUT',
        perConnection: (index) => ({ headers: putHeaders(index), body: profileBody(dubai, index) }),
      });
      return { count, get, put, load };
    }),
  );
}
await embedded?.stop();
fs.rmSync(folder, { recursive: true, force: true });

const cpus = os.cpus();
console.log(
  `machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(`${connections} connections, ${duration} s each after a 3 s warm-up, through nginx`);
const row = (cells) => `| ${cells.join(' | ')} |`;
console.log(row(['processes', 'route', 'req/s', 'p99', 'no answer', 'load average at start']));
console.log(row(['---:', '---', '---:', '---:', '---:', '---:']));
for (const { count, get, put, load } of results) {
  for (const [route, result] of [
    ['GET /user/profile', get],
    ['PUT /user/profile', put],
  ]) {
    console.log(row([count, route, Math.round(result.rps), `${result.p99} ms`, result.errors, load.toFixed(1)]));
  }
}
const [one, two] = [1, 2].map((count) => results.find((result) => result.count === count));
console.log(
  `two processes / one: GET ${(two.get.rps / one.get.rps).toFixed(2)}, PUT ${(two.put.rps / one.put.rps).toFixed(2)}`,
);
