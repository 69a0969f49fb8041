// The moderation queue at scale (issue 29): the real server on its embedded PostgreSQL, REPORTS open
// reports over TARGETS targets (listings, conversations and people, reported a few times each and
// some many times) generated inside the database through the report tables' own triggers, then the
// queue's first page (GET /api/admin/moderation, all types and one type) and a deep page as a
// moderator asks for them, with p50 / p95 / p99; beside it, the same first page computed by a
// GROUP BY over every open report, the way the summary table replaced.
// Run: npm run bench:admin-queue. Env: REPORTS (default 100000), TARGETS (default 20000),
// REQUESTS (per kind, default 400), CLIENTS (default 1, then 10), BENCH_DATA_DIR (a folder to keep
// the generated database in and reuse on the next run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile, seconds, signedInUser, benchDataDir, startBenchServer } from './bench-http.mjs';

const reports = Number(process.env.REPORTS ?? 100_000);
const targets = Number(process.env.TARGETS ?? 20_000);
const requests = Number(process.env.REQUESTS ?? 400);

const { dataDir, keptDir } = benchDataDir('mqb-');
const server = startBenchServer(dataDir, { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' });

const row = (times) => [50, 95, 99].map((p) => percentile(times, p).toFixed(1).padStart(7)).join(' ');

/**
 * The targets and their reports, made by PostgreSQL: three in five targets are listings, one in five
 * a conversation about one of them, one in five a person. Each report is by a reporter of its own
 * (one report per reporter and target, as the tables want), at a time within the last 30 days, on a
 * target drawn with a square's skew: most have a few reports, some dozens.
 */
async function generate(db) {
  const listingTargets = Math.round(targets * 0.6);
  const conversationTargets = Math.round(targets * 0.2);
  const userTargets = targets - listingTargets - conversationTargets;
  await db.query(`insert into users (first_name, last_name, email, password_hash, account_type)
    select 'Bench', 'Person ' || n, 'queue' || n || '@bench.example', 'x', 'individual'
    from generate_series(1, ${reports + userTargets + conversationTargets + 1000}) n`);
  const first = (await db.query(`select min(id) as id from users where email like 'queue%@bench.example'`)).rows[0].id;
  // The first thousand sell; the next userTargets are reported; the rest report, one report each.
  await db.query(
    `insert into listings (seller_id, category_id, status, title, description, condition, price_fils, city_id,
       published_at, expires_at)
     select $1 + n % 1000, (select id from categories where slug = 'mobile-phones'), 'active',
       'Reported phone ' || n, 'For the queue.', 'good', 100000, (select min(id) from cities), now(), now() + interval '20 days'
     from generate_series(0, ${listingTargets - 1}) n`,
    [first],
  );
  await db.query(`create temporary table bench_listings as
    select row_number() over (order by id) - 1 as n, id, seller_id from listings where title like 'Reported phone %'`);
  await db.query(
    `insert into conversations (listing_id, buyer_id, seller_id)
     select l.id, $1 + 1000 + g.n, l.seller_id from generate_series(0, ${conversationTargets - 1}) g(n)
     join bench_listings l on l.n = g.n`,
    [first],
  );
  await db.query(
    `create temporary table bench_targets as
    select row_number() over () - 1 as n, kind, id, buyer_id from (
      select 'listing' as kind, id, null::int as buyer_id from bench_listings
      union all select 'conversation', id, buyer_id from conversations
      union all select 'user', $1::int + 1000 + ${conversationTargets} + n, null
        from generate_series(0, ${userTargets - 1}) n) t`,
    [first],
  );
  await db.query(`create index on bench_targets (n)`);
  await db.query(
    `create temporary table bench_reports as
     select g.n, t.kind, t.id as target, t.buyer_id, $1::int + 1000 + ${userTargets + conversationTargets} + g.n as reporter,
       now() - make_interval(secs => (hashint4(g.n * 7 + 3) & 2147483647) % 2592000) as at
     from generate_series(0, ${reports - 1}) g(n)
     join bench_targets t on t.n = floor(${targets} * power(((hashint4(g.n * 13 + 5) & 2147483647) / 2147483648.0), 2))::int`,
    [first],
  );
  const start = performance.now();
  await db.query(`insert into listing_reports (listing_id, reporter_id, reason, created_at)
    select target, reporter, (array['scam','prohibited','counterfeit','misleading','duplicate','offensive','other'])[1 + n % 7], at
    from bench_reports where kind = 'listing'`);
  // A conversation's report is by its buyer: the reporters stand in for the buyer's several reports.
  await db.query(`insert into conversation_reports (conversation_id, reporter_id, reason, messages, created_at)
    select target, buyer_id, 'Asked to pay outside the app', '[]'::jsonb, at from bench_reports where kind = 'conversation'`);
  await db.query(`insert into user_reports (user_id, reporter_id, reason, created_at)
    select target, reporter, (array['scam','harassment','impersonation','spam','offensive'])[1 + n % 5], at
    from bench_reports where kind = 'user'`);
  console.log(`${reports} reports inserted (the queue's triggers with them) in ${seconds(start)} s`);
  await db.query('vacuum analyze listing_reports, conversation_reports, user_reports, moderation_queue');
}

/** A moderator: signed up as the web app does, given the role, their session past the second factor. */
async function moderator(base, db) {
  const headers = await signedInUser(base, 0);
  const user = await fetch(`${base}/user`, { headers }).then((response) => response.json());
  await db.query(`insert into staff_members (user_id, role) values ($1, 'moderator')`, [user.data.id]);
  await db.query(
    `insert into staff_second_factors (user_id, secret_sealed, confirmed_at) values ($1, 'bench', now())`,
    [user.data.id],
  );
  await db.query(`update sessions set second_factor_at = now() where user_id = $1`, [user.data.id]);
  return headers;
}

async function run(base, headers, addresses, clients) {
  const times = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < requests) {
      const address = addresses[next % addresses.length];
      next += 1;
      const start = performance.now();
      const response = await fetch(`${base}${address}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return { times: times.sort((a, b) => a - b), failures };
}

/** The first page as a GROUP BY over every open report would answer it (the queue's order, 26 rows). */
const GROUP_BY = `select kind, id, count(*) as open_reports, min(created_at) as oldest, max(created_at) as newest from (
    select 'listing' as kind, listing_id as id, created_at from listing_reports where resolved_at is null
    union all select 'conversation', conversation_id, created_at from conversation_reports where resolved_at is null
    union all select 'user', user_id, created_at from user_reports where resolved_at is null) open
  group by kind, id order by open_reports desc, oldest, kind, id limit 26`;

let exitCode = 0;
try {
  const base = `http://127.0.0.1:${await server.port}`;
  const db = new pg.Client({
    connectionString: `postgresql://postgres@localhost/marketplace?host=${path.join(dataDir, 'postgres')}`,
  });
  await db.connect();
  const existing = (await db.query(`select count(*)::int as n from listing_reports`)).rows[0].n;
  if (existing > 0) console.log(`reports already in ${dataDir}: not generated again`);
  else await generate(db);
  const queue = (
    await db.query(`select count(*)::int as targets, sum(open_reports)::int as open,
    max(open_reports) as most from moderation_queue`)
  ).rows[0];
  console.log(`queue: ${queue.targets} targets, ${queue.open} open reports, the most reported has ${queue.most}`);
  const headers = await moderator(base, db);

  // A deep page: the 20th, from the cursors of the pages before it.
  let cursor = null;
  for (let page = 1; page < 20; page += 1) {
    const body = await fetch(`${base}/api/admin/moderation${cursor ? `?cursor=${cursor}` : ''}`, { headers }).then(
      (response) => response.json(),
    );
    cursor = body.next_cursor;
  }
  const kinds = {
    'first page, all types': ['/api/admin/moderation'],
    'first page, one type': [
      '/api/admin/moderation?type=listing',
      '/api/admin/moderation?type=conversation',
      '/api/admin/moderation?type=user',
    ],
    'the 20th page': [`/api/admin/moderation?cursor=${cursor}`],
  };
  for (const addresses of Object.values(kinds))
    for (const address of addresses) await fetch(`${base}${address}`, { headers });
  for (const clients of [1, Number(process.env.CLIENTS ?? 10)]) {
    console.log(`\n${clients} client${clients === 1 ? '' : 's'}, ${requests} requests per kind (ms):`);
    console.log('kind                          p50     p95     p99   failures');
    for (const [kind, addresses] of Object.entries(kinds)) {
      const { times, failures } = await run(base, headers, addresses, clients);
      console.log(`${kind.padEnd(28)}${row(times)}   ${failures}`);
      if (failures > 0) exitCode = 1;
    }
  }

  // The alternative, measured in the database alone (no HTTP, no titles): one client.
  const times = [];
  for (let index = 0; index < 50; index += 1) {
    const start = performance.now();
    await db.query(GROUP_BY);
    times.push(performance.now() - start);
  }
  console.log(`\nGROUP BY over every open report, in SQL alone, 50 runs (ms):  ${row(times.sort((a, b) => a - b))}`);
  await db.end();
} finally {
  await server.stop();
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
const cpus = os.cpus();
console.log(
  `\nmachine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `load average ${os.loadavg()[0].toFixed(1)}`,
);
process.exit(exitCode);
