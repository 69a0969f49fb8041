import { sql, type Kysely } from 'kysely';

/**
 * The newsletter's issues (issue 31, decision 040): what staff wrote in both languages, its state
 * (draft → sending → sent, or cancelled), and one delivery row per subscriber on the list when it
 * was sent — the sender's state, so a restart resumes and each address gets it once. The issue row's
 * `next_batch_at` paces the sending for every process at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table newsletter_issues (
    id serial primary key,
    subject varchar(150) not null,
    subject_ar varchar(150) not null,
    body text not null,
    body_ar text not null,
    listing_ids integer[] not null default '{}',
    status varchar(10) not null default 'draft' check (status in ('draft', 'sending', 'sent', 'cancelled')),
    created_by integer references users (id) on delete set null,
    next_batch_at timestamptz,
    sent_count integer,
    failed_count integer,
    started_at timestamptz,
    finished_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index newsletter_issues_sending on newsletter_issues (id) where status = 'sending'`.execute(db);
  await sql`create index newsletter_issues_archive on newsletter_issues (started_at desc, id desc)
    where status in ('sending', 'sent')`.execute(db);
  await sql`create table newsletter_deliveries (
    issue_id integer not null references newsletter_issues (id) on delete cascade,
    subscriber_id integer not null references newsletter_subscribers (id) on delete cascade,
    status varchar(10) not null default 'pending' check (status in ('pending', 'queued', 'skipped')),
    outbox_id integer,
    queued_at timestamptz,
    primary key (issue_id, subscriber_id)
  )`.execute(db);
  await sql`create index newsletter_deliveries_pending on newsletter_deliveries (issue_id, subscriber_id)
    where status = 'pending'`.execute(db);
  await sql`create index newsletter_deliveries_subscriber on newsletter_deliveries (subscriber_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table newsletter_deliveries`.execute(db);
  await sql`drop table newsletter_issues`.execute(db);
}
