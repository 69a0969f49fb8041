import { sql, type Kysely } from 'kysely';

/**
 * Search (issue 13) in PostgreSQL itself: a weighted full-text document per listing (title A,
 * description B), in English and Arabic stemming both, since a listing's language is not recorded
 * and many mix the two; and trigrams of the title for typos and suggestions. Only active listings
 * are ever searched, so every index is partial on that state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trusted since PostgreSQL 13: the database's owner may create it without being a superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table listings add column search_document tsvector generated always as (
      setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
      setweight(to_tsvector('arabic'::regconfig, coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
      setweight(to_tsvector('arabic'::regconfig, coalesce(description, '')), 'B')
    ) stored`.execute(db);
  await sql`create index listings_active_search on listings using gin (search_document) where status = 'active'`.execute(
    db,
  );
  await sql`create index listings_active_title_trigrams on listings using gin (lower(title) gin_trgm_ops)
    where status = 'active'`.execute(db);
  await sql`create index listings_active_price on listings (price_fils, id) where status = 'active'`.execute(db);
  // Suggestions for one or two typed letters: titles that start with them (trigrams need three).
  await sql`create index listings_active_title_prefix on listings (lower(title) text_pattern_ops)
    where status = 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index listings_active_title_prefix`.execute(db);
  await sql`drop index listings_active_price`.execute(db);
  await sql`drop index listings_active_title_trigrams`.execute(db);
  await sql`drop index listings_active_search`.execute(db);
  await sql`alter table listings drop column search_document`.execute(db);
}
