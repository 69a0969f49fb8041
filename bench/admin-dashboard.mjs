// The back-office dashboard's 30-day figures at scale (issue 29): the real server on its embedded
// PostgreSQL, LISTINGS listings, ORDERS orders, REPORTS reports and USERS users generated inside the
// database over the last DAYS days, then GET /api/admin/dashboard as a signed-in admin: cold (every
// finished day missing from daily_figures, so all 29 are counted and stored), a new day's first
// visit (yesterday alone missing) and warm (the stored days read, today counted), with p50 / p95 /
// p99; and the plan of the statement the count runs (EXPLAIN ANALYZE), which must read indexes, not
// whole tables (the bench fails on a sequential scan).
// Run: npm run bench:admin-dashboard. Env: LISTINGS (default 1000000), ORDERS (200000), REPORTS
// (100000), USERS (50000), DAYS (90), COLD (cold calls, 20), REQUESTS (warm calls, 400), CLIENTS
// (concurrent warm clients, 10), BENCH_DATA_DIR (a folder to keep the generated database in and reuse).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { percentile, seconds, signedInUser, benchDataDir, startBenchServer } from './bench-http.mjs';

const listings = Number(process.env.LISTINGS ?? 1_000_000);
const orders = Number(process.env.ORDERS ?? 200_000);
const reports = Number(process.env.REPORTS ?? 100_000);
const users = Number(process.env.USERS ?? 50_000);
const days = Number(process.env.DAYS ?? 90);
const coldCalls = Number(process.env.COLD ?? 20);
const requests = Number(process.env.REQUESTS ?? 400);
const clients = Number(process.env.CLIENTS ?? 10);

const { dataDir, keptDir } = benchDataDir('msd-');
const server = startBenchServer(dataDir, { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' });

const spread = `${days} * 86400`;
/** A moment in the last DAYS days, from a hash of the row's number and a salt. */
const past = (salt) => `now() - make_interval(secs => (hashint4(g.n * 7 + ${salt}) & 2147483647) % (${spread}))`;

/**
 * The rows, made by PostgreSQL itself: users made over the DAYS days; listings published over them
 * (one in ten still active, the rest sold, expired or paused), none due to expire while the bench
 * runs (the listing clock would expire and notify hundreds of thousands of them, with the server
 * busy doing it while it is measured); orders, three in four completed, with
 * one to three units and a delivery fee on every fifth; reports of listings, conversations and
 * people, four in five acted on between a minute and three days after they came.
 */
async function generate(db) {
  let start = performance.now();
  await db.query(
    `insert into users (first_name, last_name, email, password_hash, account_type, created_at)
     select 'Bench', 'No ' || g.n, 'dash' || g.n || '@bench.example', 'x', 'individual', ${past(1)}
     from generate_series(1, $1::int) g(n)`,
    [users],
  );
  const { rows } = await db.query(`select min(id) as low from users where email like 'dash%@bench.example'`);
  const low = Number(rows[0].low);
  const category = (await db.query(`select id from categories where parent_id is not null order by id limit 1`)).rows[0]
    .id;
  const city = (await db.query(`select id from cities order by id limit 1`)).rows[0].id;
  console.log(`${users} users in ${seconds(start)} s`);

  start = performance.now();
  // The listings' own indexes go while the rows arrive, and are built again after: a bulk load's usual order.
  const indexes = (
    await db.query(
      `select indexname, indexdef from pg_indexes where tablename = 'listings' and indexname <> 'listings_pkey'`,
    )
  ).rows;
  for (const { indexname } of indexes) await db.query(`drop index ${indexname}`);
  const batch = 100_000;
  for (let done = 0; done < listings; done += batch) {
    const size = Math.min(batch, listings - done);
    await db.query(
      `insert into listings (seller_id, category_id, status, title, description, condition, price_fils, attributes,
         city_id, published_at, expires_at, created_at)
       select $3::int + (hashint4(g.n * 5 + 2) & 2147483647) % $4::int, $5::int,
         (array['active','sold','expired','paused','sold','expired','sold','expired','paused','sold'])[1 + g.n % 10],
         'Bench listing ' || g.n, 'A listing the dashboard bench made.', 'good',
         1000 + (hashint4(g.n * 11 + 4) & 2147483647) % 1000000, '{}'::jsonb, $6::int, p.at, now() + interval '30 days', p.at
       from generate_series($1::int, $2::int) g(n), lateral (select ${past(3)} as at) p`,
      [done, done + size - 1, low, users, category, city],
    );
    process.stdout.write(`  ${done + size} listings\r`);
  }
  process.stdout.write('\n');
  for (const { indexdef } of indexes) await db.query(indexdef);
  console.log(`${listings} listings in ${seconds(start)} s (indexes rebuilt)`);

  start = performance.now();
  const firstListing = Number((await db.query(`select min(id) as id from listings`)).rows[0].id);
  await db.query(
    `insert into orders (listing_id, buyer_id, seller_id, kind, status, awaiting, quantity, unit_price_fils,
       listed_price_fils, delivery_method, delivery_fee_fils, delivery_address, created_at, completed_at, ended_at)
     select $2::int + (hashint4(g.n * 13 + 5) & 2147483647) % $3::int,
       $4::int + g.n % $5::int, $4::int + (g.n + 1) % $5::int, 'buy',
       case when g.n % 4 = 0 then 'cancelled' else 'completed' end, null, 1 + g.n % 3,
       1000 + (hashint4(g.n * 17 + 6) & 2147483647) % 500000, 1000 + (hashint4(g.n * 17 + 6) & 2147483647) % 500000,
       case when g.n % 5 = 0 then 'delivery' else 'pickup' end,
       case when g.n % 5 = 0 then 2500 else 0 end,
       case when g.n % 5 = 0 then '{"city_id": 1, "area": "Marina", "building_name": "Tower", "flat_number": null, "street_address": null, "phone": "+971500000000"}'::jsonb end,
       p.at - interval '2 days', case when g.n % 4 = 0 then null else p.at end, p.at
     from generate_series(1, $1::int) g(n), lateral (select ${past(5)} as at) p`,
    [orders, firstListing, listings, low, users],
  );
  console.log(`${orders} orders in ${seconds(start)} s`);

  start = performance.now();
  // Reports: three in five of listings, one in five of conversations (one conversation each), one in five of people.
  const acted = `case when g.n % 5 = 0 then null
    else least(p.at + make_interval(secs => 60 + (hashint4(g.n * 19 + 8) & 2147483647) % 259200), now()) end`;
  const listingReports = Math.round(reports * 0.6);
  const conversationReports = Math.round(reports * 0.2);
  const userReports = reports - listingReports - conversationReports;
  await db.query(
    `insert into listing_reports (listing_id, reporter_id, reason, created_at, resolved_at, outcome)
     select $2::int + (hashint4(g.n * 23 + 9) & 2147483647) % $3::int, $4::int + g.n % $5::int, 'scam', p.at, r.at,
       case when r.at is not null then 'dismissed' end
     from generate_series(1, $1::int) g(n), lateral (select ${past(7)} as at) p, lateral (select ${acted} as at) r
     on conflict do nothing`,
    [listingReports, firstListing, listings, low, users],
  );
  await db.query(
    `with made as (
       insert into conversations (listing_id, buyer_id, seller_id, created_at)
       select $2::int + g.n, $3::int + g.n % $4::int, $3::int + (g.n + 7) % $4::int, now() - interval '100 days'
       from generate_series(1, $1::int) g(n)
       returning id, buyer_id)
     insert into conversation_reports (conversation_id, reporter_id, reason, messages, created_at, resolved_at, outcome)
     select made.id, made.buyer_id, 'harassment', '[]'::jsonb, p.at, r.at, case when r.at is not null then 'warned' end
     from (select made.*, row_number() over (order by id)::int as n from made) made
     cross join lateral (select made.n) g(n), lateral (select ${past(9)} as at) p, lateral (select ${acted} as at) r`,
    [conversationReports, firstListing, low, users],
  );
  await db.query(
    `insert into user_reports (user_id, reporter_id, reason, created_at, resolved_at, outcome)
     select $2::int + (hashint4(g.n * 29 + 10) & 2147483647) % $3::int, $2::int + g.n % $3::int, 'spam', p.at, r.at,
       case when r.at is not null then 'dismissed' end
     from generate_series(1, $1::int) g(n), lateral (select ${past(11)} as at) p, lateral (select ${acted} as at) r
     where $2::int + (hashint4(g.n * 29 + 10) & 2147483647) % $3::int <> $2::int + g.n % $3::int
     on conflict do nothing`,
    [userReports, low, users],
  );
  console.log(`${reports} reports in ${seconds(start)} s`);
  start = performance.now();
  await db.query('vacuum analyze');
  console.log(`vacuum analyze ${seconds(start)} s`);
}

/** An admin's headers: signed up as the web app does, the role and a passed second factor written in. */
async function admin(base, db) {
  const headers = await signedInUser(base, 0);
  const { rows } = await db.query(
    `select id from users where email like 'bench.0.%@example.com' order by id desc limit 1`,
  );
  const id = rows[0].id;
  await db.query(`insert into staff_members (user_id, role) values ($1, 'admin') on conflict do nothing`, [id]);
  await db.query(
    `insert into staff_second_factors (user_id, secret_sealed, confirmed_at) values ($1, 'bench', now())
     on conflict (user_id) do update set confirmed_at = now()`,
    [id],
  );
  await db.query(`update sessions set second_factor_at = now() where user_id = $1`, [id]);
  return headers;
}

async function timedCall(base, headers) {
  const start = performance.now();
  const response = await fetch(`${base}/api/admin/dashboard`, { headers });
  const body = await response.json();
  if (!response.ok) throw new Error(`GET /api/admin/dashboard: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - start, body };
}

const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(7)).join(' ');
};

/**
 * Every query of a count of the 30 days, as the server's code builds it (count-days.ts, through a
 * Kysely that records what it runs), then EXPLAIN (ANALYZE, BUFFERS) of each: its scans, and its time.
 */
async function plans(connectionString) {
  // The server's own module, and its date and bigint parsers (database.ts).
  await import('../apps/server/src/db/database.ts');
  const { countDays } = await import('../apps/server/src/modules/dashboard/count-days.ts');
  const { lastDays } = await import('../apps/server/src/modules/dashboard/utc-days.ts');
  const pool = new pg.Pool({ connectionString, max: 8 });
  const queries = [];
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') queries.push(event.query);
    },
  });
  const window = lastDays(new Date(), 30);
  await countDays(db, window[0], window.at(-1), window[0]);
  const seqScans = [];
  for (const query of queries) {
    const { rows } = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.parameters);
    const lines = rows.map((row) => row['QUERY PLAN']);
    const scans = lines.filter((line) => /Scan/.test(line)).map((line) => line.trim().replace(/^->\s*/, ''));
    const time = lines.find((line) => line.startsWith('Execution Time'));
    console.log(`\n${query.sql.replace(/\s+/g, ' ').slice(0, 110)}…\n  ${time}`);
    for (const scan of scans) console.log(`  ${scan.replace(/\s+\(cost=.*$/, '')}`);
    seqScans.push(...scans.filter((scan) => scan.startsWith('Seq Scan')));
  }
  await db.destroy();
  return seqScans;
}

let exitCode = 0;
try {
  const base = `http://127.0.0.1:${await server.port}`;
  const connectionString = `postgresql://postgres@localhost/marketplace?host=${path.join(dataDir, 'postgres')}`;
  const db = new pg.Client({ connectionString });
  // The server's stop ends this connection too, after a failure: that is not the failure.
  db.on('error', () => {});
  await db.connect();
  const existing = Number((await db.query(`select count(*) as n from listings`)).rows[0].n);
  if (existing >= listings) console.log(`${existing} listings already in ${dataDir}: not generated again`);
  else await generate(db);
  const counts = (
    await db.query(`select
      (select count(*) from users where created_at >= current_date - 29) as users,
      (select count(*) from listings where published_at >= current_date - 29) as listings,
      (select count(*) from orders where completed_at >= current_date - 29) as orders,
      (select count(*) from listing_reports where created_at >= current_date - 29)
        + (select count(*) from conversation_reports where created_at >= current_date - 29)
        + (select count(*) from user_reports where created_at >= current_date - 29) as reports`)
  ).rows[0];
  console.log(
    `in the 30 days: ${counts.users} new users, ${counts.listings} listings published, ` +
      `${counts.orders} orders completed, ${counts.reports} reports`,
  );

  const headers = await admin(base, db);
  const cold = [];
  for (let run = 0; run < coldCalls; run += 1) {
    await db.query('delete from daily_figures');
    cold.push((await timedCall(base, headers)).ms);
  }
  const stored = Number((await db.query('select count(*) as n from daily_figures')).rows[0].n);
  // The first visit of a new day: yesterday alone is missing.
  const newDay = [];
  for (let run = 0; run < coldCalls; run += 1) {
    await db.query('delete from daily_figures where day = (select max(day) from daily_figures)');
    newDay.push((await timedCall(base, headers)).ms);
  }
  const { body } = await timedCall(base, headers);
  const sequential = [];
  for (let run = 0; run < requests; run += 1) sequential.push((await timedCall(base, headers)).ms);
  const concurrent = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        next += 1;
        concurrent.push((await timedCall(base, headers)).ms);
      }
    }),
  );

  const seqScans = await plans(connectionString);
  await db.end();

  const cpus = os.cpus();
  console.log(
    `\nmachine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(`totals: ${JSON.stringify(body.data.totals)}; ${stored} finished days stored after a cold call`);
  console.log('\nGET /api/admin/dashboard (ms)        p50     p95     p99');
  console.log(`cold (29 days counted), ${String(coldCalls).padStart(3)} calls ${summary(cold)}`);
  console.log(`a new day (1 counted),  ${String(coldCalls).padStart(3)} calls ${summary(newDay)}`);
  console.log(`warm, one client, ${String(requests).padStart(4)} calls    ${summary(sequential)}`);
  console.log(`warm, ${clients} clients, ${String(requests).padStart(4)} calls   ${summary(concurrent)}`);
  if (seqScans.length > 0) {
    console.log(`\nSequential scans in the count: ${seqScans.join('; ')}`);
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
