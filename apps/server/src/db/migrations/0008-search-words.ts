import { sql, type Kysely } from 'kysely';

/**
 * The words of active listings' titles, one row each: the vocabulary a misspelt search word is
 * corrected against ("iphnoe" → "iphone") before the search runs again with it. Finding the
 * nearest of some thousands of distinct words by trigram distance takes a millisecond, where
 * comparing the typed word with every title (migration 0006's trigram index, dropped here) took
 * seconds at a million listings (bench/README.md). A trigger keeps it: words are added as titles
 * are published or edited, never removed, since a word no longer in any title only corrects to a
 * search that finds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_trigrams on search_words using gist (word gist_trgm_ops)`.execute(db);
  // The 'simple' configuration splits and lower-cases words in any script without stemming them.
  await sql`create function listings_search_words() returns trigger language plpgsql as $$
    begin
      insert into search_words (word)
        select word from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, new.title))) as word
        where char_length(word) between 3 and 40 and word !~ '^[0-9]+$'
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger listings_search_words_added after insert on listings for each row
    when (new.status = 'active' and new.title is not null) execute function listings_search_words()`.execute(db);
  await sql`create trigger listings_search_words_changed after update of title, status on listings for each row
    when (new.status = 'active' and new.title is not null
      and (new.title is distinct from old.title or old.status is distinct from 'active'))
    execute function listings_search_words()`.execute(db);
  // Nothing reads the titles' trigrams any more: typos go through the vocabulary, and the title
  // prefix index answers one or two typed letters.
  await sql`drop index listings_active_title_trigrams`.execute(db);
  // A leaf category by price (cars, cheapest first): read in order, as (category, time) is for the newest.
  await sql`create index listings_active_category_price on listings (category_id, price_fils, id)
    where status = 'active'`.execute(db);
  await sql`insert into search_words (word)
    select distinct word from listings, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, title))) as word
    where status = 'active' and title is not null and char_length(word) between 3 and 40 and word !~ '^[0-9]+$'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index listings_active_category_price`.execute(db);
  await sql`create index listings_active_title_trigrams on listings using gin (lower(title) gin_trgm_ops)
    where status = 'active'`.execute(db);
  await sql`drop trigger listings_search_words_changed on listings`.execute(db);
  await sql`drop trigger listings_search_words_added on listings`.execute(db);
  await sql`drop function listings_search_words()`.execute(db);
  await sql`drop table search_words`.execute(db);
}
