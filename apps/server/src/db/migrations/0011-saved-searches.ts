import { sql, type Kysely } from 'kysely';

/**
 * Saved searches (issue 14): a user's named search (its normalised query string) and how they want
 * to hear of new matches. The timers live here, not in a process: `checked_at` is how far alerts
 * have looked, `next_digest_at` when a daily digest is due, so a restart loses nothing and a row
 * locked by one process is skipped by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (col) => col.notNull().check(sql`char_length(name) between 1 and 80`))
    .addColumn('query', 'varchar(2000)', (col) => col.notNull())
    .addColumn('alerts', 'varchar(10)', (col) => col.notNull().check(sql`alerts in ('instant', 'daily', 'off')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // New matches since the user last opened it: the count on /account/saved-searches.
    .addColumn('seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Listings published after this have not been alerted yet.
    .addColumn('checked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('next_digest_at', 'timestamptz')
    .addUniqueConstraint('saved_searches_once', ['user_id', 'query'])
    .execute();
  await sql`create index saved_searches_due on saved_searches (alerts, checked_at) where alerts <> 'off'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_searches').execute();
}
