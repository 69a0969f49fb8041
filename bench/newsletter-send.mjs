// Sending a newsletter issue to SUBSCRIBERS confirmed addresses (issue 31, decision 040): the real
// server (the production bundle) on its embedded PostgreSQL, its e-mails written to the development
// mail folder (DATA_DIR/mail). For each pace in PACES (NEWSLETTER_SENDS_PER_MINUTE: 0 is unpaced),
// the server is started with it, an issue is put to sending in the database exactly as staff's Send
// does, and the bench waits until the server's sender and mail worker have sent it all: e-mails per
// second from the first copy handed to the outbox to the issue marked sent, the outbox's queue at its
// longest, and a check that every address got exactly one copy.
// Run: node bench/newsletter-send.mjs. Env: SUBSCRIBERS (default 100000), PACES (default "0,60000"),
// BENCH_DATA_DIR (a folder to keep the database in and reuse).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchDataDir, startBenchServer, treeCpuSeconds } from './bench-http.mjs';

const subscribers = Number(process.env.SUBSCRIBERS ?? 100_000);
const paces = (process.env.PACES ?? '0,60000').split(',').map(Number);
const { dataDir, keptDir } = benchDataDir('nls-');
const mailDir = path.join(dataDir, 'mail');

const connect = async () => {
  const db = new pg.Client({
    connectionString: `postgresql://postgres@localhost/marketplace?host=${path.join(dataDir, 'postgres')}`,
  });
  await db.connect();
  return db;
};

/** The list: SUBSCRIBERS confirmed addresses, one in three reading Arabic, and a few not confirmed. */
async function makeList(db) {
  const { n } = (await db.query(`select count(*)::int as n from newsletter_subscribers where status = 'confirmed'`))
    .rows[0];
  if (n >= subscribers) return;
  await db.query(
    `insert into newsletter_subscribers (email, locale, status, confirmed_at)
     select 'reader' || g.n || '@bench.example', case when g.n % 3 = 0 then 'ar' else 'en' end, 'confirmed', now()
     from generate_series($1::int + 1, $2::int) g(n)`,
    [n, subscribers],
  );
  await db.query(`insert into newsletter_subscribers (email, locale, status)
    select 'pending' || g.n || '@bench.example', 'en', 'pending' from generate_series(1, 100) g(n) on conflict do nothing`);
}

/** A draft put to sending as the staff route's startSending does it: a delivery per confirmed address. */
async function startIssue(db, pace) {
  const { id } = (
    await db.query(
      `insert into newsletter_issues (subject, subject_ar, body, body_ar)
       values ($1, 'عدد للقياس', '## Bench\n\nHello **everyone**: [see](/search).', '## قياس\n\nمرحبا')
       returning id`,
      [`Bench at ${pace} a minute`],
    )
  ).rows[0];
  await db.query(
    `insert into newsletter_deliveries (issue_id, subscriber_id)
    select $1, id from newsletter_subscribers where status = 'confirmed'`,
    [id],
  );
  await db.query(`update newsletter_issues set status = 'sending', started_at = now() where id = $1`, [id]);
  return id;
}

async function run(pace) {
  fs.rmSync(mailDir, { recursive: true, force: true });
  const server = startBenchServer(dataDir, { NEWSLETTER_SENDS_PER_MINUTE: String(pace) });
  await server.port;
  const db = await connect();
  try {
    await makeList(db);
    const cpuBefore = treeCpuSeconds(server.pid);
    const id = await startIssue(db, pace);
    let longestQueue = 0;
    for (;;) {
      const { status } = (await db.query(`select status from newsletter_issues where id = $1`, [id])).rows[0];
      if (status === 'sent') break;
      const { waiting } = (
        await db.query(`select count(*)::int as waiting from mail_outbox where status in ('pending', 'sending')`)
      ).rows[0];
      longestQueue = Math.max(longestQueue, waiting);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const cpuAfter = treeCpuSeconds(server.pid);
    const figures = (
      await db.query(
        `select extract(epoch from i.finished_at - min(d.queued_at)) as seconds, count(*)::int as copies,
           count(distinct o.recipient)::int as addresses, count(*) filter (where o.status = 'sent')::int as sent
         from newsletter_issues i join newsletter_deliveries d on d.issue_id = i.id
         left join mail_outbox o on o.id = d.outbox_id where i.id = $1 group by i.finished_at`,
        [id],
      )
    ).rows[0];
    const files = fs.readdirSync(mailDir).length;
    const seconds = Number(figures.seconds);
    console.log(
      `${String(pace || 'unpaced').padEnd(9)} ${String(figures.sent).padStart(7)} sent ${seconds.toFixed(1).padStart(7)} s ` +
        `${(figures.sent / seconds).toFixed(0).padStart(6)} e-mails/s  outbox queue at most ${longestQueue}  ` +
        `CPU ${(cpuAfter.all - cpuBefore.all).toFixed(0)} s  files ${files}  ` +
        `${figures.addresses === figures.copies && figures.copies === subscribers ? 'each address once' : 'MISMATCH'}`,
    );
    return figures.addresses === subscribers && figures.sent === subscribers;
  } finally {
    await db.end();
    await server.stop();
  }
}

let ok = true;
try {
  console.log(
    `${subscribers} confirmed subscribers, the development mail folder, ${process.env.NODE_ENV ?? 'production'} bundle`,
  );
  for (const pace of paces) ok = (await run(pace)) && ok;
} finally {
  fs.rmSync(mailDir, { recursive: true, force: true });
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
