import { sql, type Kysely } from 'kysely';

/**
 * Search's facet counts and suggestions served from memory (issue 34, decision 043): every write
 * that can change what they answer sends `listings` on `marketplace_cache` (decision 038's channel)
 * from a trigger, delivered on commit only, and every process drops them all. Per statement, so a
 * bulk import is one notification; an update only when it sets a column search reads (a listing's
 * views, reminders and stock counters do not). A column search starts reading belongs in the list.
 * A seller's account type (the facets' seller type) notifies per row, only when it changes.
 */
const SEARCHED_COLUMNS = [
  'seller_id',
  'category_id',
  'status',
  'title',
  'description',
  'condition',
  'price_fils',
  'price_period',
  'attributes',
  'city_id',
  'neighborhood_id',
  'latitude',
  'longitude',
  'published_at',
  'hidden_at',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function search_cache_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('marketplace_cache', 'listings');
      return null;
    end $$`.execute(db);
  const columns = sql.join(SEARCHED_COLUMNS.map((column) => sql.ref(column)));
  await sql`create trigger listings_search_cache after insert or delete or truncate or update of ${columns}
    on listings for each statement execute function search_cache_notify()`.execute(db);
  await sql`create trigger listing_photos_search_cache after insert or delete or truncate or update of listing_id
    on listing_photos for each statement execute function search_cache_notify()`.execute(db);
  await sql`create trigger users_search_cache after update of account_type on users for each row
    when (old.account_type is distinct from new.account_type) execute function search_cache_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function search_cache_notify() cascade`.execute(db);
}
