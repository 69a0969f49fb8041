// Search at a million listings (issue 13): the real server on its embedded PostgreSQL, LISTINGS
// synthetic active listings generated inside the database (realistic titles, categories, prices,
// cities, map points, attributes), then a fixed mix of searches (nearest first among them) from
// CLIENTS concurrent clients over HTTP, with p50 / p95 / p99 per kind of query, the size of the
// search indexes and the time to build them.
// Run: npm run bench:search. Env: LISTINGS (default 1000000), CLIENTS (default 20),
// REQUESTS (per kind, default 400), BENCH_DATA_DIR (a folder to keep the generated database in and
// reuse on the next run, instead of a new temporary one).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import os from 'node:os';
import { percentile, seconds, benchDataDir, startBenchServer, treeCpuSeconds } from './bench-http.mjs';

const listings = Number(process.env.LISTINGS ?? 1_000_000);
const clients = Number(process.env.CLIENTS ?? 20);
const requests = Number(process.env.REQUESTS ?? 400);

const { dataDir, keptDir } = benchDataDir('msb-');
const server = startBenchServer(dataDir, { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' });

/**
 * The listings, made by PostgreSQL itself in batches: each gets a leaf category, a title from that
 * category's words (brand, model, a detail), a price in its category's range, a city and, for cars,
 * the fields the filters read. Sellers are a thousand individuals and a hundred companies. The
 * seller, condition, price, city and time come from hashes of the row's number, independent of
 * its category and of each other (as a modulo of the number they were all the category's).
 */
async function generate(db) {
  await db.query(`insert into users (first_name, last_name, email, password_hash, account_type)
    select 'Seller', 'No ' || n, 'seller' || n || '@bench.example', 'x', case when n % 10 = 0 then 'company' else 'individual' end
    from generate_series(1, 1100) n`);
  await db.query(
    `create temporary table words (category_slug text, brand text, models text[], details text[], low int, high int)`,
  );
  await db.query(`insert into words values
    ('cars', 'Toyota', '{Corolla,Camry,"Land Cruiser",Prado,Yaris,RAV4}', '{"one owner","full service history","GCC specs","low mileage","accident free"}', 1500000, 40000000),
    ('cars', 'Nissan', '{Patrol,Sunny,Altima,Kicks,X-Trail}', '{"GCC specs","under warranty","first owner","agency maintained"}', 1200000, 35000000),
    ('cars', 'Mercedes-Benz', '{C200,E300,S500,GLE,G63}', '{"full option","panoramic roof","agency warranty"}', 5000000, 90000000),
    ('mobile-phones', 'Apple', '{"iPhone 13","iPhone 14 Pro","iPhone 15","iPhone 16 Pro Max","iPhone 12"}', '{"128 GB","256 GB","512 GB","battery 91%","with box"}', 80000, 600000),
    ('mobile-phones', 'Samsung', '{"Galaxy S23","Galaxy S24 Ultra","Galaxy A54","Galaxy Z Fold5"}', '{"256 GB","dual SIM","like new","with charger"}', 50000, 500000),
    ('laptops', 'Apple', '{"MacBook Air M2","MacBook Pro 14","MacBook Pro 16"}', '{"16 GB RAM","512 GB SSD","AppleCare"}', 250000, 1200000),
    ('laptops', 'Dell', '{"XPS 13","XPS 15",Latitude,Inspiron}', '{"i7","32 GB RAM","touch screen"}', 150000, 800000),
    ('furniture', 'IKEA', '{Kivik,Ektorp,Friheten,Vimle}', '{"three-seat sofa","corner sofa","sofa bed","grey fabric"}', 20000, 400000),
    ('furniture', 'Home Centre', '{Recliner,"L-shaped sofa","Armchair"}', '{"leather","barely used","with cushions"}', 30000, 500000),
    ('gaming', 'Sony', '{"PlayStation 5","PS5 Slim","PlayStation 4 Pro"}', '{"two controllers","with games","disc edition"}', 60000, 250000)`);
  const leaves = await db.query(
    `select w.*, c.id as category_id from words w join categories c on c.slug = w.category_slug`,
  );
  if (leaves.rows.length === 0) throw new Error('no category matched the bench words');
  await db.query(`create temporary table pool as select row_number() over () - 1 as n, w.*, c.id as category_id
    from words w join categories c on c.slug = w.category_slug`);
  const poolSize = leaves.rows.length;
  // The first seven cities and their centres: four listings in five get a map point within about
  // 11 km of theirs, the fifth none (nearest first places it at the centre, with many others).
  await db.query(`create temporary table centres as
    select row_number() over (order by id) - 1 as n, id, latitude, longitude from cities where latitude is not null order by id limit 7`);
  const batch = 100_000;
  for (let done = 0; done < listings; done += batch) {
    const size = Math.min(batch, listings - done);
    await db.query(
      `insert into listings (seller_id, category_id, status, title, description, condition, price_fils, attributes,
         city_id, latitude, longitude, published_at, expires_at)
       select (select min(id) from users) + (hashint4(g.n * 5 + 2) & 2147483647) % 1100, p.category_id, 'active',
         p.brand || ' ' || p.models[1 + (g.n / 7) % array_length(p.models, 1)] || ', ' || p.details[1 + (g.n / 3) % array_length(p.details, 1)],
         'For sale: ' || p.brand || ' ' || p.models[1 + (g.n / 7) % array_length(p.models, 1)] || '. ' ||
           p.details[1 + (g.n / 5) % array_length(p.details, 1)] || '. Pickup from the seller, viewing by appointment.',
         (array['new','like_new','good','fair','for_parts'])[1 + (hashint4(g.n * 3 + 1) & 2147483647) % 5],
         p.low + (hashint4(g.n * 11 + 4) & 2147483647) % greatest(p.high - p.low, 1),
         case when p.category_slug = 'cars' then jsonb_build_object(
           'brand', lower(replace(p.brand, ' ', '-')), 'model', p.models[1 + (g.n / 7) % array_length(p.models, 1)],
           'year', 2005 + g.n % 21, 'kilometres', (g.n * 37) % 300000,
           'transmission', case when g.n % 4 = 0 then 'manual' else 'automatic' end)
         else '{}'::jsonb end,
         c.id,
         case when (hashint4(g.n * 17 + 6) & 2147483647) % 5 <> 0
           then c.latitude + ((hashint4(g.n * 19 + 7) & 2147483647) % 20001 - 10000) / 100000.0 end,
         case when (hashint4(g.n * 17 + 6) & 2147483647) % 5 <> 0
           then c.longitude + ((hashint4(g.n * 23 + 8) & 2147483647) % 20001 - 10000) / 100000.0 end,
         now() - make_interval(secs => (hashint4(g.n * 7 + 3) & 2147483647) % 2592000),
         now() + interval '20 days'
       from generate_series($1::int, $2::int) g(n)
       join pool p on p.n = g.n % $3
       join centres c on c.n = (hashint4(g.n * 13 + 5) & 2147483647) % 7`,
      [done, done + size - 1, poolSize],
    );
    process.stdout.write(`  ${done + size} listings\r`);
  }
  process.stdout.write('\n');
}

/** Each kind of query: addresses it cycles through, so no single answer is cached anywhere. */
const kinds = {
  'keyword only': ['/api/search?q=toyota', '/api/search?q=iphone%2015', '/api/search?q=sofa', '/api/search?q=macbook'],
  'keyword + category + price': [
    '/api/search?q=corolla&category=cars&min_price=20000&max_price=80000',
    '/api/search?q=iphone&category=mobile-phones&max_price=3000',
    '/api/search?q=leather&category=furniture&min_price=500',
  ],
  'filters only': [
    '/api/search?category=cars&a.transmission=manual&a.year=2018-&condition=good',
    '/api/search?category=electronics&seller_type=company&posted=7d',
    '/api/search?city=2&condition=new&sort=price_asc',
  ],
  "typo'd keyword": [
    '/api/search?q=toyta',
    '/api/search?q=iphnoe',
    '/api/search?q=samsnug',
    '/api/search?q=playstaton',
  ],
  'suggestions (prefix)': [
    '/api/search/suggestions?q=i',
    '/api/search/suggestions?q=to',
    '/api/search/suggestions?q=mac',
    '/api/search/suggestions?q=galax',
  ],
  nearest: [
    '/api/search?near=25.08,55.14&sort=nearest',
    '/api/search?near=24.45,54.38&sort=nearest&category=cars',
    '/api/search?q=iphone&near=25.35,55.42&sort=nearest',
    '/api/search?near=25.2,55.27&sort=nearest&condition=new&min_price=500',
  ],
  'facet counts': [
    '/api/search/facets?q=toyota',
    '/api/search/facets?category=cars&a.transmission=automatic',
    '/api/search/facets?q=iphone&condition=new',
  ],
  // Facet counts and suggestions are kept for seconds (recent-answers.ts): these ask each once.
  'suggestions, each new': prefixes().map((prefix) => `/api/search/suggestions?q=${encodeURIComponent(prefix)}`),
  'facet counts, each new': Array.from(
    { length: requests },
    (_, n) => `/api/search/facets?q=${['toyota', 'iphone', 'sofa', 'galaxy'][n % 4]}&min_price=${1 + n}`,
  ),
};

/** Every prefix of the bench's words, and of two words, as a person types them: none asked twice. */
function prefixes() {
  const words = ['toyota', 'nissan', 'mercedes', 'apple', 'iphone', 'samsung', 'galaxy', 'macbook', 'dell', 'ikea'];
  const secondWords = ['corolla', 'patrol', 'pro', 'air', 'ultra', 'sofa', 'latitude', 'playstation'];
  const all = new Set();
  for (const word of [...words, ...secondWords])
    for (let end = 1; end <= word.length; end += 1) all.add(word.slice(0, end));
  for (const word of words) {
    for (const second of secondWords)
      for (let end = 1; end <= second.length; end += 1) all.add(`${word} ${second.slice(0, end)}`);
  }
  return [...all];
}

async function run(base, addresses) {
  const times = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < requests) {
      const address = addresses[next % addresses.length];
      next += 1;
      const start = performance.now();
      try {
        const response = await fetch(`${base}${address}`, { headers: { accept: 'application/json' } });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        // The server closed the connection (its request time-out): a failure, timed like the others.
        failures += 1;
      }
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  times.sort((a, b) => a - b);
  return { times, failures };
}

/** The deep page: 20 pages of a broad search, each from the previous page's cursor. */
async function deepPages(base, search = 'category=cars&sort=price_asc') {
  const times = [];
  let cursor = null;
  for (let page = 0; page < 20; page += 1) {
    const start = performance.now();
    const response = await fetch(`${base}/api/search?${search}${cursor ? `&cursor=${cursor}` : ''}`);
    const body = await response.json();
    times.push(performance.now() - start);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return times;
}

let exitCode = 0;
try {
  const base = `http://127.0.0.1:${await server.port}`;
  const db = new pg.Client({
    connectionString: `postgresql://postgres@localhost/marketplace?host=${path.join(dataDir, 'postgres')}`,
  });
  await db.connect();
  const existing = (await db.query(`select count(*)::int as n from listings where status = 'active'`)).rows[0].n;
  if (existing >= listings) console.log(`${existing} listings already in ${dataDir}: not generated again`);
  else await load(db);
  await db.end();
  await measure(base, await server.pid);
} finally {
  await server.stop();
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

/** Generates the listings with the search indexes dropped, builds them again, and reports both. */
async function load(db) {
  let start = performance.now();
  // Every index of the table but those of its constraints goes while the rows arrive, and is built
  // again after: a bulk load's usual order (a million rows in generate_series batches).
  const definitions = (
    await db.query(`select i.indexname, i.indexdef from pg_indexes i
      where i.tablename = 'listings' and i.schemaname = current_schema()
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)
      order by i.indexname`)
  ).rows;
  const indexes = definitions.map((row) => row.indexname);
  for (const { indexname } of definitions) await db.query(`drop index ${indexname}`);
  // The vocabulary's trigger (a query per row) is off while the rows arrive; one statement then
  // adds their words, as migration 0008 did for the listings already there.
  await db.query('alter table listings disable trigger listings_search_words_added');
  try {
    await generate(db);
  } finally {
    await db.query('alter table listings enable trigger listings_search_words_added');
  }
  await db.query(`insert into search_words (word)
    select distinct word from (select distinct title from listings where status = 'active' and title is not null) t,
      unnest(tsvector_to_array(to_tsvector('simple'::regconfig, t.title))) as word
    where char_length(word) between 3 and 40 and word !~ '^[0-9]+$'
    on conflict do nothing`);
  console.log(`${listings} listings generated in ${seconds(start)} s`);
  const built = [];
  for (const { indexname, indexdef } of definitions) {
    start = performance.now();
    await db.query(indexdef);
    built.push([indexname, seconds(start)]);
  }
  start = performance.now();
  await db.query('vacuum analyze listings');
  const vacuum = seconds(start);
  const sizes = await db.query(
    `select relname, pg_size_pretty(pg_relation_size(oid)) as size from pg_class where relname = any($1) or relname = 'listings' order by relname`,
    [indexes],
  );
  console.log('\nindex                              built in   size');
  for (const [name, time] of built) {
    const size = sizes.rows.find((row) => row.relname === name)?.size;
    console.log(`${name.padEnd(34)} ${time.padStart(6)} s   ${size}`);
  }
  console.log(
    `table listings: ${sizes.rows.find((row) => row.relname === 'listings')?.size}; vacuum analyze ${vacuum} s`,
  );
}

/**
 * Statements per request of each kind, from the embedded server's own log (log_statement = all for
 * the while): five addresses of the kind, one at a time, each asked for the first time and then
 * again; the median of the five, so a background job's statements in between do not count. The
 * invalidation bus's markers (pg_notify) are left out.
 */
async function countStatements(base) {
  const db = new pg.Client({
    connectionString: `postgresql://postgres@localhost/marketplace?host=${path.join(dataDir, 'postgres')}`,
  });
  await db.connect();
  const logFile = path.join(dataDir, 'postgres.log');
  const statements = () =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => /LOG: {2}(statement|execute [^:]*):/.test(line) && !line.includes('pg_notify')).length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  await db.query(`alter system set log_statement = 'all'`);
  await db.query('select pg_reload_conf()');
  await settle();
  console.log('\nstatements per request (one client, median of 5): first asked, asked again');
  try {
    for (const [kind, addresses] of Object.entries(kinds)) {
      const chosen = addresses.slice(-5);
      const medians = [];
      for (let pass = 0; pass < 2; pass += 1) {
        const counts = [];
        for (const address of chosen) {
          const before = statements();
          await (await fetch(`${base}${address}`)).arrayBuffer();
          await settle();
          counts.push(statements() - before);
        }
        counts.sort((a, b) => a - b);
        medians.push(String(counts[Math.floor(counts.length / 2)]));
      }
      console.log(`${kind.padEnd(28)}${medians.map((count) => count.padStart(6)).join(' ')}`);
    }
  } finally {
    await db.query('alter system reset log_statement');
    await db.query('select pg_reload_conf()');
    await db.end();
  }
}

/** The machine's load average (1, 5, 15 minutes): other work shares the two cores. */
function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
}

async function measure(base, pid) {
  if (process.env.STATEMENTS) await countStatements(base);
  if (process.env.ANSWERS_FILE) {
    // Every answer of the mix, in order, for comparing two builds byte for byte on the same data.
    const answers = [];
    for (const addresses of Object.values(kinds)) {
      for (const address of addresses.slice(0, 40)) {
        const response = await fetch(`${base}${address}`, { headers: { accept: 'application/json' } });
        answers.push(`${address} ${response.status} ${await response.text()}`);
      }
    }
    fs.writeFileSync(process.env.ANSWERS_FILE, `${answers.join('\n')}\n`);
    console.log(`${answers.length} answers written to ${process.env.ANSWERS_FILE}`);
    if (process.env.ANSWERS_ONLY) return;
  }
  // Warm-up: one pass over every address, but those meant to be asked once.
  for (const [kind, addresses] of Object.entries(kinds)) {
    if (!kind.endsWith('each new')) for (const address of addresses) await fetch(`${base}${address}`);
  }
  console.log(`\n${clients} concurrent clients, ${requests} requests per kind (ms), load average ${loadAverage()}:`);
  console.log(
    'kind                          p50     p95     p99   failures   CPU ms/request: server  database  this bench',
  );
  for (const [kind, addresses] of Object.entries(kinds)) {
    const serverBefore = treeCpuSeconds(pid);
    const benchBefore = process.cpuUsage();
    const { times, failures } = await run(base, addresses);
    const serverAfter = treeCpuSeconds(pid);
    const nodeCpu = ((serverAfter.own - serverBefore.own) * 1000) / times.length;
    const databaseCpu =
      ((serverAfter.all - serverAfter.own - (serverBefore.all - serverBefore.own)) * 1000) / times.length;
    const benchUsed = process.cpuUsage(benchBefore);
    const benchCpu = (benchUsed.user + benchUsed.system) / 1000 / times.length;
    const row = [50, 95, 99].map((p) => percentile(times, p).toFixed(1).padStart(7)).join(' ');
    console.log(
      `${kind.padEnd(28)}${row}   ${String(failures).padStart(8)}  ${nodeCpu.toFixed(2).padStart(9)} ${databaseCpu.toFixed(2).padStart(9)}  ${benchCpu.toFixed(2).padStart(10)}`,
    );
    if (failures > 0) exitCode = 1;
  }
  console.log(`load average after: ${loadAverage()}`);
  const deep = await deepPages(base);
  console.log(`deep pages (20 of cars by price, one client): ${deep.map((t) => t.toFixed(0)).join(' ')} ms`);
  // Nearest first from a city's centre: its listings without a map point are one tie of thousands.
  const near = await deepPages(base, 'near=25.2048,55.2708&sort=nearest');
  console.log(`deep pages (20 nearest Dubai's centre, one client): ${near.map((t) => t.toFixed(0)).join(' ')} ms`);
}
