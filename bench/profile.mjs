// GET and PUT /user/profile (no image), and GET /user for reference, with autocannon against the
// real server, every connection signed in as its own user, in the same run as a bare Fastify
// hello-world on this machine. Run: npm run bench:profile. Env: DURATION (s, default 10),
// CONNECTIONS (default 100), BENCH_DATABASE_URL=postgres://... to measure on that PostgreSQL server
// too (in a throw-away database), SERVER_NODE_OPTIONS=--max-semi-space-size=32 to give the server V8 flags.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connections, duration, measure, signedInUser, startBenchServer, startProcess } from './bench-http.mjs';
import { profileBody } from './profile-body.mjs';

const postgresUrl = process.env.BENCH_DATABASE_URL;

async function benchEngine(engine, databaseUrl) {
  const hello = startProcess(['bench/profile-hello-world.mjs'], {}, /listening on (\d+)/);
  const helloResult = await measure(`http://127.0.0.1:${await hello.port}/`);
  await hello.stop();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-profile-'));
  const server = startBenchServer(dataDir, {
    // Every bench user signs up from 127.0.0.1: lift the sign-up limit meant for one person.
    REGISTER_MAX_ATTEMPTS: '100000',
    // SERVER_NODE_OPTIONS: V8 flags for the server alone (e.g. --max-semi-space-size=32), not autocannon's process.
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const base = `http://127.0.0.1:${await server.port}`;
    const dubai = (await (await fetch(`${base}/cities`)).json()).data.find((city) => city.name === 'Dubai');
    const users = [];
    for (let index = 0; index < connections; index += 1) users.push(await signedInUser(base, index));
    const putHeaders = (index) => ({ ...users[index], 'content-type': 'application/json' });
    for (let index = 0; index < connections; index += 1) {
      const saved = await fetch(`${base}/user/profile`, {
        method: 'PUT',
        headers: putHeaders(index),
        body: profileBody(dubai, index),
      });
      if (saved.status !== 200) throw new Error(`first save: ${saved.status} ${await saved.text()}`);
    }
    // GET /user is what every signed-in request costs before its own work: the session and the user.
    const user = await measure(`${base}/user`, { perConnection: (index) => ({ headers: users[index] }) });
    const get = await measure(`${base}/user/profile`, { perConnection: (index) => ({ headers: users[index] }) });
    const put = await measure(`${base}/user/profile`, {
      method: 'PUT',
      perConnection: (index) => ({ headers: putHeaders(index), body: profileBody(dubai, index) }),
    });
    return { engine, hello: helloResult, user, get, put };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withThrowAwayDatabase(serverUrl, run) {
  const name = `marketplace_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const results = [await benchEngine('embedded PostgreSQL', undefined)];
if (postgresUrl) results.push(await withThrowAwayDatabase(postgresUrl, (url) => benchEngine('PostgreSQL', url)));

const cpus = os.cpus();
console.log(
  `machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  `${connections} connections, ${duration} s each after a 3 s warm-up; load average ${os.loadavg()[0].toFixed(1)}`,
);
const row = (cells) => `| ${cells.join(' | ')} |`;
console.log(row(['engine', 'route', 'req/s', 'p99', 'no answer', 'ratio to hello-world', 'target']));
console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---']));
for (const { engine, hello, user, get, put } of results) {
  const ratio = (result) => (result.rps / hello.rps).toFixed(2);
  const line = (route, result, ratioText, target) =>
    console.log(row([engine, route, Math.round(result.rps), `${result.p99} ms`, result.errors, ratioText, target]));
  line('hello-world (bare Fastify)', hello, '1.00', '');
  line('GET /user (session and user only)', user, ratio(user), '');
  line('GET /user/profile', get, ratio(get), '≥ 0.10, p99 < 50 ms');
  line('PUT /user/profile', put, ratio(put), '');
}
