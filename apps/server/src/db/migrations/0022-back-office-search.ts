import { sql, type Kysely } from 'kysely';

/**
 * The back-office's searches (issue 29) on tables that grow to millions of rows: users by the start
 * of their e-mail address and by any part of their name, listings in every state by any part of
 * their title, by state and by category, each newest first. And `categories.edited_at`: a category
 * staff edited keeps their names, place and labels when the seed runs again at the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Addresses are stored in lower case (registration lowers them); text_pattern_ops answers `like 'abc%'`
  // in any collation.
  await sql`create index users_email_prefix on users (email text_pattern_ops)`.execute(db);
  // pg_trgm since migration 0006: `like '%part%'` on the full name as the back-office writes it.
  await sql`create index users_name_trigrams on users
    using gin ((lower(first_name || ' ' || last_name)) gin_trgm_ops)`.execute(db);
  await sql`create index listings_title_trigrams on listings using gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`create index listings_by_status on listings (status, id desc)`.execute(db);
  await sql`create index listings_by_category on listings (category_id, id desc)`.execute(db);
  // A person's page lists the conversations they reported (the table had an index by conversation only).
  await sql`create index conversation_reports_by_reporter on conversation_reports (reporter_id)`.execute(db);
  await sql`alter table categories add column edited_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table categories drop column edited_at`.execute(db);
  await sql`drop index conversation_reports_by_reporter`.execute(db);
  await sql`drop index listings_by_category`.execute(db);
  await sql`drop index listings_by_status`.execute(db);
  await sql`drop index listings_title_trigrams`.execute(db);
  await sql`drop index users_name_trigrams`.execute(db);
  await sql`drop index users_email_prefix`.execute(db);
}
