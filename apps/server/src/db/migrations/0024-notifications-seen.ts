import { sql, type Kysely } from 'kysely';

/**
 * Where each user last looked at their notifications (issue 32): the newest one shown when they
 * opened the bell's list or /notifications. The bell's badge counts the unread ones after it, as the
 * big marketplaces do; a notification stays unread (highlighted, with its own "Mark read") until it
 * is opened or marked. No row: nothing seen yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notifications_seen (
    user_id integer primary key references users (id) on delete cascade,
    up_to_id bigint not null check (up_to_id > 0),
    seen_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notifications_seen`.execute(db);
}
