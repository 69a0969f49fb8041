import { sql, type Kysely } from 'kysely';

/**
 * The help centre (issue 30, decision 031): the FAQ's topics and questions in both languages, with
 * a full-text document of both languages' stems (as listings have, migration 0006) and a vocabulary
 * of their words for typos (as search_words, migration 0008); one vote per question and person or
 * browser; and the pages staff edit, each version kept. Arabic punctuation (؟ ، ؛ « ») is read as
 * a space: PostgreSQL's parser takes any letter outside ASCII for a word's, so "الاحتيال؟" was one
 * word that the search for "الاحتيال" never found.
 */
/** Arabic letters and the Latin letter each is compared as (modules/help-centre/read-faq.ts spells typed words the same way). */
const ARABIC_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإةىؤئ';
const LATIN_KEYS = 'abcdefghijklmnopqrstuvwxyz01aaaaz101';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table help_topics (
      id serial primary key,
      slug varchar(60) not null unique,
      name varchar(80) not null,
      name_ar varchar(80) not null,
      position integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create table help_questions (
      id serial primary key,
      topic_id integer not null references help_topics (id),
      slug varchar(120) not null unique,
      question varchar(200) not null,
      question_ar varchar(200) not null,
      answer text not null,
      answer_ar text not null,
      position integer not null,
      published boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_document tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, translate(question, '؟،؛«»', '     ')), 'A') ||
        setweight(to_tsvector('arabic'::regconfig, translate(question_ar, '؟،؛«»', '     ')), 'A') ||
        setweight(to_tsvector('english'::regconfig, translate(answer, '؟،؛«»', '     ')), 'B') ||
        setweight(to_tsvector('arabic'::regconfig, translate(answer_ar, '؟،؛«»', '     ')), 'B')
      ) stored
    )`.execute(db);
  await sql`create index help_questions_search on help_questions using gin (search_document) where published`.execute(
    db,
  );
  await sql`create index help_questions_topic on help_questions (topic_id, position, id)`.execute(db);

  // pg_trgm counts only ASCII letters in a database whose ctype is C (the embedded server's, and
  // many a managed one's): an Arabic word had no trigrams at all. Its key spells each Arabic letter
  // as a Latin one (hamza forms as alef, ة as ه, ى as ي), so trigrams compare Arabic words too.
  await sql`create table help_words (
      word text primary key,
      arabic boolean generated always as (word ~ '[ء-ي]') stored,
      key text generated always as (translate(word, ${sql.lit(ARABIC_LETTERS)}, ${sql.lit(LATIN_KEYS)})) stored
    )`.execute(db);
  await sql`create index help_words_trigrams on help_words using gist (key gist_trgm_ops)`.execute(db);
  await sql`create function help_questions_words() returns trigger language plpgsql as $$
    begin
      insert into help_words (word)
        select word from unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
          translate(new.question || ' ' || new.question_ar || ' ' || new.answer || ' ' || new.answer_ar,
            '؟،؛«»', '     ')))) as word
        where char_length(word) between 3 and 40 and word !~ '^[0-9]+$'
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger help_questions_words_written after insert or update of question, question_ar, answer, answer_ar
    on help_questions for each row execute function help_questions_words()`.execute(db);

  // voter: a hash of the account's id or of the browser's session (help-votes.ts), never the id itself.
  await sql`create table help_votes (
      question_id integer not null references help_questions (id) on delete cascade,
      voter varchar(64) not null,
      helpful boolean not null,
      voted_at timestamptz not null default now(),
      primary key (question_id, voter)
    )`.execute(db);

  await sql`create table help_pages (
      slug varchar(20) primary key,
      title varchar(120) not null,
      title_ar varchar(120) not null,
      body text not null,
      body_ar text not null,
      version integer not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  // created_by names a staff member without a foreign key, as the audit log does: the history outlives accounts.
  await sql`create table help_page_versions (
      slug varchar(20) not null references help_pages (slug),
      version integer not null,
      title varchar(120) not null,
      title_ar varchar(120) not null,
      body text not null,
      body_ar text not null,
      created_at timestamptz not null default now(),
      created_by integer,
      primary key (slug, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table help_page_versions`.execute(db);
  await sql`drop table help_pages`.execute(db);
  await sql`drop table help_votes`.execute(db);
  await sql`drop trigger help_questions_words_written on help_questions`.execute(db);
  await sql`drop function help_questions_words()`.execute(db);
  await sql`drop table help_words`.execute(db);
  await sql`drop table help_questions`.execute(db);
  await sql`drop table help_topics`.execute(db);
}
