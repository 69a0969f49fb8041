import { sql, type Kysely } from 'kysely';

/**
 * Reads served from memory (issue 34, decision 038): every write to what the session lookup and the
 * profile read show sends a NOTIFY on `marketplace_cache`, from a trigger, so no writer can forget
 * it and it is delivered on commit only. The payload names what changed: `session:<id>`,
 * `user:<id>`, or `all` for the places' names (reference data, rarely written). A session's touch
 * (last_activity_at moving forward, and nothing else) notifies nobody: it happens once a minute per
 * session and changes nothing a cache answers; moving it back (an expiry) does notify.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function cache_invalidation_notify() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        perform pg_notify('marketplace_cache', 'all');
      elsif tg_table_name = 'sessions' then
        perform pg_notify('marketplace_cache', 'session:' || old.id);
      elsif tg_table_name = 'users' then
        perform pg_notify('marketplace_cache', 'user:' || old.id);
      else
        if tg_op <> 'INSERT' then perform pg_notify('marketplace_cache', 'user:' || old.user_id); end if;
        if tg_op <> 'DELETE' then perform pg_notify('marketplace_cache', 'user:' || new.user_id); end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_cache_delete after delete on sessions
    for each row execute function cache_invalidation_notify()`.execute(db);
  await sql`create trigger sessions_cache_update after update on sessions for each row
    when (new.last_activity_at < old.last_activity_at
      or (to_jsonb(old) - 'last_activity_at') is distinct from (to_jsonb(new) - 'last_activity_at'))
    execute function cache_invalidation_notify()`.execute(db);
  await sql`create trigger users_cache after update or delete on users
    for each row execute function cache_invalidation_notify()`.execute(db);
  for (const table of ['companies', 'addresses', 'user_neighborhoods']) {
    await sql`create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function cache_invalidation_notify()`.execute(db);
  }
  for (const table of ['cities', 'neighborhoods']) {
    await sql`create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function cache_invalidation_notify()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function cache_invalidation_notify() cascade`.execute(db);
}
