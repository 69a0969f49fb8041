// The help centre's search at scale (issue 30): the real server on its embedded PostgreSQL with
// QUESTIONS published questions (the seeded FAQ, and generated ones built from its words in both
// languages, so every word has many matches), then GET /api/help/search as a visitor asks it: a word in
// English, two words, an Arabic word, a misspelt English word and a misspelt Arabic one (corrected
// through the vocabulary), and words found nowhere; p50 / p95 / p99 at 1 client and at CLIENTS.
// Run: npm run bench:help-search. Env: QUESTIONS (default 2000), REQUESTS (per kind, default 300),
// CLIENTS (default 10), BENCH_DATA_DIR (a folder to keep the generated database in and reuse).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchDataDir, percentile, seconds, startBenchServer } from './bench-http.mjs';

const questions = Number(process.env.QUESTIONS ?? 2000);
const requests = Number(process.env.REQUESTS ?? 300);

const { dataDir, keptDir } = benchDataDir('hsb-');
const server = startBenchServer(dataDir, { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' });

const row = (times) => [50, 95, 99].map((p) => percentile(times, p).toFixed(1).padStart(7)).join(' ');

/** Questions made of the seeded ones' words, shuffled by PostgreSQL: each a few sentences in both languages. */
async function generate(db) {
  const started = performance.now();
  await db.query(`with words as (
      select array_agg(word) as en from (
        select distinct word from help_questions, unnest(regexp_split_to_array(lower(answer), '[^a-z]+')) word
        where length(word) > 3) w),
    words_ar as (
      select array_agg(word) as ar from (
        select distinct word from help_questions, unnest(regexp_split_to_array(answer_ar, '[[:space:][:punct:]]+')) word
        where length(word) > 3 and word ~ '[ء-ي]') w)
    insert into help_questions (topic_id, slug, question, question_ar, answer, answer_ar, position)
    select (select min(id) from help_topics) + n % 5, 'bench-question-' || n,
      initcap(en[1 + (n * 7) % cardinality(en)]) || ' ' || en[1 + (n * 13) % cardinality(en)] || ' ' || en[1 + (n * 31) % cardinality(en)] || '?',
      ar[1 + (n * 7) % cardinality(ar)] || ' ' || ar[1 + (n * 17) % cardinality(ar)] || ' ' || ar[1 + (n * 29) % cardinality(ar)] || '؟',
      (select string_agg(en[1 + (n * k * 11 + k) % cardinality(en)], ' ') from generate_series(1, 60) k),
      (select string_agg(ar[1 + (n * k * 7 + k) % cardinality(ar)], ' ') from generate_series(1, 60) k),
      100 + n
    from generate_series(1, ${questions} - (select count(*) from help_questions)::int) n, words, words_ar`);
  console.log(`generated in ${seconds(started)} s`);
}

async function run(base, addresses, clients) {
  const times = [];
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const address = addresses[next % addresses.length];
        next += 1;
        const started = performance.now();
        const response = await fetch(`${base}${address}`, { headers: { accept: 'application/json' } });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), failures };
}

let exitCode = 0;
try {
  const base = `http://127.0.0.1:${await server.port}`;
  const db = new pg.Client({
    connectionString: `postgresql://postgres@localhost/marketplace?host=${path.join(dataDir, 'postgres')}`,
  });
  await db.connect();
  const existing = (await db.query(`select count(*)::int as n from help_questions where published`)).rows[0].n;
  if (existing >= questions) console.log(`questions already in ${dataDir}: not generated again`);
  else await generate(db);
  const counts = (
    await db.query(
      `select count(*)::int as questions, (select count(*)::int from help_words) as words from help_questions`,
    )
  ).rows[0];
  console.log(`FAQ: ${counts.questions} questions, ${counts.words} words in the vocabulary`);
  await db.end();

  const search = (q) => `/api/help/search?q=${encodeURIComponent(q)}`;
  const kinds = {
    'one English word': [search('order'), search('account'), search('seller'), search('offer')],
    'two English words': [search('cancel order'), search('delete account'), search('counter offer')],
    'one Arabic word': [search('الطلب'), search('حسابك'), search('البائع')],
    'misspelt, English': [search('cancle'), search('acount'), search('selelr')],
    'misspelt, Arabic': [search('الاحتيل'), search('البايع')],
    'found nowhere': [search('zqxwv'), search('qqqqq wwwww')],
  };
  for (const addresses of Object.values(kinds)) for (const address of addresses) await fetch(`${base}${address}`);
  const sample = await fetch(`${base}${search('cancle')}`).then((response) => response.json());
  console.log(`"cancle" → ${JSON.stringify(sample.corrected_query)}, ${sample.data.length} answers`);
  for (const clients of [1, Number(process.env.CLIENTS ?? 10)]) {
    console.log(`\n${clients} client${clients === 1 ? '' : 's'}, ${requests} requests per kind (ms):`);
    console.log('kind                    p50     p95     p99   failures');
    for (const [kind, addresses] of Object.entries(kinds)) {
      const { times, failures } = await run(base, addresses, clients);
      console.log(`${kind.padEnd(22)}${row(times)}   ${failures}`);
      if (failures > 0) exitCode = 1;
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
