import { sql, type Kysely } from 'kysely';

/**
 * The report tables, the queue's name for what each reports, the column naming it, and what its
 * index of open reports per target carries besides (the queue's page reads reasons and a
 * conversation's reporter off it; a conversation's reason is free text, kept out).
 */
const REPORTS = [
  ['listing_reports', 'listing', 'listing_id', ['created_at', 'reason']],
  ['conversation_reports', 'conversation', 'conversation_id', ['created_at', 'reporter_id']],
  ['user_reports', 'user', 'user_id', ['created_at', 'reason']],
] as const;

/**
 * The moderation queue (issue 29, docs/decisions/030-back-office.md#moderation): one row per target
 * with open reports, their count, the oldest and newest, and their reasons, kept exact by triggers on
 * the three report tables in the transaction that writes a report or resolves it; the totals per
 * type beside it. The queue's page is read off an index in its order: a GROUP BY of every open
 * report took p95 62-94 ms at 100 000 reports in SQL alone (bench/admin-queue.mjs), past the
 * page's 50 ms before any other work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table moderation_queue (
    target_type varchar(12) not null check (target_type in ('listing', 'conversation', 'user')),
    target_id integer not null,
    open_reports integer not null check (open_reports >= 0),
    oldest_open_at timestamptz not null,
    newest_open_at timestamptz not null,
    -- The distinct reasons of the open reports, most frequent first (ten at most: a conversation's
    -- are its reporters' own words).
    reasons jsonb not null default '[]',
    primary key (target_type, target_id)
  )`.execute(db);
  // The queue's order (most reported, then longest waiting), all types and one type.
  await sql`create index moderation_queue_order on moderation_queue
    (open_reports desc, oldest_open_at, target_type, target_id)`.execute(db);
  await sql`create index moderation_queue_by_type on moderation_queue
    (target_type, open_reports desc, oldest_open_at, target_id)`.execute(db);

  // Open reports in all per type (the queue's tabs): one row each, moved by the same triggers.
  await sql`create table moderation_queue_totals (
    target_type varchar(12) primary key check (target_type in ('listing', 'conversation', 'user')),
    open_reports integer not null check (open_reports >= 0)
  )`.execute(db);
  await sql`insert into moderation_queue_totals values ('listing', 0), ('conversation', 0), ('user', 0)`.execute(db);

  // One target's row counted again from its open reports. Its row is locked first (made if need
  // be), and the count is a statement after the lock: two transactions changing reports of one
  // target take turns, and the second counts what the first committed.
  await sql`create function moderation_queue_refresh(kind text, target integer) returns void
    language plpgsql as $$
    declare
      counted integer;
      open_count integer;
      oldest timestamptz;
      newest timestamptz;
      reason_list jsonb;
    begin
      -- A new target's row starts at 0: nobody else sees it before it is counted (or deleted, at 0).
      insert into moderation_queue (target_type, target_id, open_reports, oldest_open_at, newest_open_at)
        values (kind, target, 0, now(), now()) on conflict do nothing;
      select open_reports into counted from moderation_queue
        where target_type = kind and target_id = target for update;
      if kind = 'listing' then
        select count(*), min(created_at), max(created_at), (
            select coalesce(jsonb_agg(reason order by times desc, reason), '[]') from (
              select reason, count(*) as times from listing_reports where listing_id = target and resolved_at is null
              group by reason order by times desc, reason limit 10) as counted)
          into open_count, oldest, newest, reason_list
          from listing_reports where listing_id = target and resolved_at is null;
      elsif kind = 'conversation' then
        select count(*), min(created_at), max(created_at), (
            select coalesce(jsonb_agg(reason order by times desc, reason), '[]') from (
              select reason, count(*) as times from conversation_reports
              where conversation_id = target and resolved_at is null
              group by reason order by times desc, reason limit 10) as counted)
          into open_count, oldest, newest, reason_list
          from conversation_reports where conversation_id = target and resolved_at is null;
      else
        select count(*), min(created_at), max(created_at), (
            select coalesce(jsonb_agg(reason order by times desc, reason), '[]') from (
              select reason, count(*) as times from user_reports where user_id = target and resolved_at is null
              group by reason order by times desc, reason limit 10) as counted)
          into open_count, oldest, newest, reason_list
          from user_reports where user_id = target and resolved_at is null;
      end if;
      if open_count = 0 then
        delete from moderation_queue where target_type = kind and target_id = target;
      else
        update moderation_queue
          set open_reports = open_count, oldest_open_at = oldest, newest_open_at = newest, reasons = reason_list
          where target_type = kind and target_id = target;
      end if;
      if open_count <> counted then
        update moderation_queue_totals set open_reports = open_reports + open_count - counted
          where target_type = kind;
      end if;
    end $$`.execute(db);
  // TG_ARGV: the target type, and the report's column naming the target.
  await sql`create function moderation_queue_follow() returns trigger language plpgsql as $$
    declare
      kind text := tg_argv[0];
      before_target integer;
      after_target integer;
    begin
      if tg_op <> 'INSERT' then before_target := (to_jsonb(old) ->> tg_argv[1])::integer; end if;
      if tg_op <> 'DELETE' then after_target := (to_jsonb(new) ->> tg_argv[1])::integer; end if;
      if after_target is not null then perform moderation_queue_refresh(kind, after_target); end if;
      if before_target is not null and before_target is distinct from after_target then
        perform moderation_queue_refresh(kind, before_target);
      end if;
      return null;
    end $$`.execute(db);
  for (const [table, kind, column, carried] of REPORTS) {
    await sql`create trigger ${sql.id(`${table}_queue`)}
      after insert or delete or update of resolved_at, ${sql.id(column)} on ${sql.table(table)}
      for each row execute function moderation_queue_follow(${sql.lit(kind)}, ${sql.lit(column)})`.execute(db);
    // Counting one target's open reports again (the trigger's refresh).
    await sql`create index ${sql.id(`${table}_open_by_target`)} on ${sql.table(table)} (${sql.id(column)})
      include (${sql.join(carried.map((name) => sql.id(name)))}) where resolved_at is null`.execute(db);
    // What is already open when the migration runs, counted as the trigger counts.
    await sql`select moderation_queue_refresh(${sql.lit(kind)}, target)
      from (select distinct ${sql.ref(column)} as target from ${sql.table(table)} where resolved_at is null) as open`.execute(
      db,
    );
  }
  // The clock's question every minute: whose suspension for a period has run out.
  await sql`create index users_suspended_until on users (suspended_until) where suspended_until is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_suspended_until`.execute(db);
  for (const [table] of REPORTS) {
    await sql`drop trigger ${sql.id(`${table}_queue`)} on ${sql.table(table)}`.execute(db);
    await sql`drop index ${sql.id(`${table}_open_by_target`)}`.execute(db);
  }
  await sql`drop function moderation_queue_follow()`.execute(db);
  await sql`drop function moderation_queue_refresh(text, integer)`.execute(db);
  await sql`drop table moderation_queue_totals`.execute(db);
  await sql`drop table moderation_queue`.execute(db);
}
