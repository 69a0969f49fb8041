import { sql, type Kysely } from 'kysely';

/**
 * The audit log's free-text filter (issue 29, docs/decisions/030-back-office.md#the-audit-log):
 * `note ilike '%text%' or actor_name ilike '%text%'`, as typed, was a scan of the whole log. A
 * trigram index on each column (pg_trgm, since migration 0006) answers `ilike` with any wildcards
 * directly, and the two combine for the `or` (a BitmapOr): measured on a million rows, a rare text
 * went from a 370-440 ms scan to under 5 ms. A text found on many rows is still read off the
 * primary key newest first, the 51 rows of a page coming within the first few hundred.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_log_note_trigrams on audit_log using gin (note gin_trgm_ops)`.execute(db);
  await sql`create index audit_log_actor_name_trigrams on audit_log using gin (actor_name gin_trgm_ops)`.execute(db);
  // The planner guesses how many notes hold a text from a sample of them; with 100 it took one sampled
  // note that held it for 1 % of the log and read the whole log newest first looking for rows that
  // were not there. With 1000, such a guess is 0.1 %, and the trigram index still wins.
  await sql`alter table audit_log alter column note set statistics 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log alter column note set statistics -1`.execute(db);
  await sql`drop index audit_log_actor_name_trigrams`.execute(db);
  await sql`drop index audit_log_note_trigrams`.execute(db);
}
