import type { Locale } from '@marketplace/contracts';
import {
  HELP_LIMITS,
  parseMarkdown,
  type HelpQuestion,
  type HelpQuestionSummary,
  type HelpTopic,
} from '@marketplace/contracts/help';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { readVotes } from './help-votes';

/**
 * The FAQ as visitors read it: published questions only, in the reader's language (decision 031).
 */

const inLocale = (locale: Locale, english: string, arabic: string) =>
  sql.ref<string>(locale === 'ar' ? arabic : english);

function summaries(db: Kysely<Database>, locale: Locale) {
  return db
    .selectFrom('help_questions')
    .innerJoin('help_topics', 'help_topics.id', 'help_questions.topic_id')
    .select([
      'help_questions.id',
      'help_questions.slug',
      'help_topics.slug as topic',
      inLocale(locale, 'help_questions.question', 'help_questions.question_ar').as('question'),
    ])
    .where('help_questions.published', '=', true);
}

/** Every topic with its published questions, each in its staff's order. */
export async function readIndex(db: Kysely<Database>, locale: Locale): Promise<HelpTopic[]> {
  const [topics, questions] = await Promise.all([
    db
      .selectFrom('help_topics')
      .select(['id', 'slug', inLocale(locale, 'name', 'name_ar').as('name')])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    summaries(db, locale).orderBy('help_questions.position').orderBy('help_questions.id').execute(),
  ]);
  return topics
    .map((topic) => ({
      slug: topic.slug,
      name: topic.name,
      questions: questions.filter((question) => question.topic === topic.slug),
    }))
    .filter((topic) => topic.questions.length > 0);
}

/** One published question with its answer read into blocks, its votes and the others of its topic. */
export async function readQuestion(
  db: Kysely<Database>,
  slug: string,
  locale: Locale,
  voter: string | null,
): Promise<HelpQuestion | undefined> {
  const row = await db
    .selectFrom('help_questions')
    .innerJoin('help_topics', 'help_topics.id', 'help_questions.topic_id')
    .select([
      'help_questions.id',
      'help_questions.slug',
      'help_questions.topic_id',
      'help_topics.slug as topic_slug',
      inLocale(locale, 'help_topics.name', 'help_topics.name_ar').as('topic_name'),
      inLocale(locale, 'help_questions.question', 'help_questions.question_ar').as('question'),
      inLocale(locale, 'help_questions.answer', 'help_questions.answer_ar').as('answer'),
    ])
    .where('help_questions.slug', '=', slug)
    .where('help_questions.published', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  const [votes, related] = await Promise.all([
    readVotes(db, row.id, voter),
    summaries(db, locale)
      .where('help_questions.topic_id', '=', row.topic_id)
      .where('help_questions.id', '!=', row.id)
      .orderBy('help_questions.position')
      .orderBy('help_questions.id')
      .limit(10)
      .execute(),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    topic: { slug: row.topic_slug, name: row.topic_name },
    question: row.question,
    answer: parseMarkdown(row.answer),
    votes,
    related,
  };
}

/** The words as typed, in both languages' stems, OR'd (as the listing search, decision 018). */
const textQuery = (text: string) =>
  sql`(websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text}))`;

const typedWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Each Arabic letter as the Latin one help_words.key spells it with (migration 0025), for pg_trgm. */
const ARABIC_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإةىؤئ';
const LATIN_KEYS = 'abcdefghijklmnopqrstuvwxyz01aaaaz101';

/** How close a known word must be to a misspelt one to replace it (pg_trgm similarity, as search's). */
const CORRECTION_SIMILARITY = 0.25;

async function matching(db: Kysely<Database>, text: string, locale: Locale): Promise<HelpQuestionSummary[]> {
  return summaries(db, locale)
    .where(sql<SqlBool>`help_questions.search_document @@ ${textQuery(text)}`)
    .orderBy(sql`ts_rank_cd(help_questions.search_document, ${textQuery(text)})`, 'desc')
    .orderBy('help_questions.id')
    .limit(HELP_LIMITS.results)
    .execute();
}

/**
 * The misspelt words of `text` (in no question or answer) replaced by the nearest known words of
 * the FAQ (help_words, by trigrams); undefined when none is misspelt or none is near.
 */
async function correctWords(db: Kysely<Database>, text: string): Promise<string | undefined> {
  const typed = typedWords(text);
  const words = [...new Set(typed.filter((word) => Array.from(word).length >= 3 && !/^\p{N}+$/u.test(word)))];
  if (words.length === 0) return undefined;
  const { rows } = await sql<{ typed: string; nearest: string | null }>`select typed.word as typed,
      case when exists (select 1 from help_words where help_words.word = typed.word) then typed.word else (
        select help_words.word from help_words
        where help_words.arabic = (typed.word ~ '[ء-ي]')
          and similarity(help_words.key, translate(typed.word, ${ARABIC_LETTERS}, ${LATIN_KEYS})) >= ${CORRECTION_SIMILARITY}
        order by help_words.key <-> translate(typed.word, ${ARABIC_LETTERS}, ${LATIN_KEYS}), help_words.word
        limit 1) end as nearest
    from unnest(${words}::text[]) as typed(word)`.execute(db);
  const replacements = new Map(rows.map((row) => [row.typed, row.nearest]));
  if (![...replacements].some(([word, nearest]) => nearest !== null && nearest !== word)) return undefined;
  return typed.map((word) => replacements.get(word) ?? word).join(' ');
}

/** Published questions matching `text` in either language, best first; typos corrected when nothing matches. */
export async function searchQuestions(
  db: Kysely<Database>,
  typed: string,
  locale: Locale,
): Promise<{ data: HelpQuestionSummary[]; corrected_query: string | null }> {
  // Arabic punctuation is a space, as in the questions' document (migration 0025).
  const text = typed.replaceAll(/[؟،؛«»]/g, ' ');
  if (typedWords(text).length === 0) return { data: [], corrected_query: null };
  const found = await matching(db, text, locale);
  if (found.length > 0) return { data: found, corrected_query: null };
  const corrected = await correctWords(db, text);
  if (corrected === undefined) return { data: [], corrected_query: null };
  return { data: await matching(db, corrected, locale), corrected_query: corrected };
}
