import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import type { SearchEngine } from '../search-engine';
import { onSearchConnection, newestListings, readingThrough } from './read-plans';
import { correctWords } from './typo-correction';
import { typedQuery } from './word-queries';

/** Titles looked at for suggestions before the best are chosen, so a common prefix stays cheap. */
const SUGGESTION_CANDIDATES = 200;
const SUGGESTED_TITLES = 5;
/** Matches sampled to name the categories a few typed words are mostly in. */
const CATEGORY_SAMPLE = 500;

export type SuggestionCounts = Awaited<ReturnType<SearchEngine['suggestions']>>;

/**
 * Suggestions for what has been typed (in lower case): titles, and the categories their words
 * are mostly in; when no title has the words as typed, those of their correction.
 */
export function suggest(db: Kysely<Database>, text: string): Promise<SuggestionCounts> {
  return onSearchConnection(db, async (trx) => {
    let words = await typedQuery(trx, text);
    let titles = words === 'unknown' ? [] : await suggestedTitles(trx, text, words);
    if (titles.length === 0 && Array.from(text).length >= 3) {
      const corrected = await correctWords(trx, text, { lastIsPrefix: true });
      if (corrected) {
        words = await typedQuery(trx, corrected);
        titles = words === 'unknown' ? [] : await suggestedTitles(trx, corrected, words);
      }
    }
    // No title found, no category either: the same words would be looked for again.
    const categoryCounts =
      words && words !== 'unknown' && titles.length > 0 ? await suggestedCategories(trx, words) : [];
    return { titles, categoryCounts };
  });
}

/** The categories (id, count) most of a sample of the listings with the `typed` words are in, at most three. */
async function suggestedCategories(db: Kysely<Database>, typed: RawBuilder<unknown>): Promise<[number, number][]> {
  const categoryCounts: [number, number][] = [];
  const sampled = (from: RawBuilder<unknown>) =>
    db
      .selectFrom(
        db
          .selectFrom(sql<Database['listings']>`(${from})`.as('listings'))
          .select('listings.category_id')
          .where('listings.status', '=', 'active')
          .where('listings.hidden_at', 'is', null)
          .where(sql<SqlBool>`listings.search_document @@ ${typed}`)
          .limit(CATEGORY_SAMPLE)
          .as('sample'),
      )
      .select(['sample.category_id', sql<number>`count(*)::int`.as('count')])
      .groupBy('sample.category_id')
      .orderBy('count', 'desc')
      .limit(3)
      .execute();
  // Among the newest listings, or through the words' index when few of those match.
  let rows = await sampled(newestListings());
  if (rows.reduce((sum, row) => sum + row.count, 0) < SUGGESTED_TITLES) {
    rows = await readingThrough(db, 'searchIndexes', () => sampled(sql`select * from listings`));
  }
  for (const row of rows) if (row.category_id !== null) categoryCounts.push([row.category_id, row.count]);
  return categoryCounts;
}

/**
 * Titles for what has been typed, a few hundred candidates ordered by how close they come to
 * it: for one or two letters, titles that start with them; for more, titles with the typed
 * words (typedQuery()). The candidates are the newest such listings when enough of the
 * newest match, or else any found through the indexes (the title prefix's, the full text's).
 */
async function suggestedTitles(
  db: Kysely<Database>,
  text: string,
  words: RawBuilder<unknown> | null,
): Promise<string[]> {
  const matches =
    Array.from(text).length < 3 || !words
      ? // ^@ (starts with) is answered by the title prefix index alone, never by a trigram index.
        sql<SqlBool>`lower(listings.title) ^@ ${text}`
      : sql<SqlBool>`listings.search_document @@ ${words}`;
  const best = (from: RawBuilder<unknown>) => {
    const candidates = db
      .selectFrom(sql<Database['listings']>`(${from})`.as('listings'))
      .select(['listings.title', 'listings.published_at'])
      .where('listings.status', '=', 'active')
      .where('listings.hidden_at', 'is', null)
      .where(matches)
      .limit(SUGGESTION_CANDIDATES)
      .as('candidates');
    return db
      .selectFrom(candidates)
      .select(['candidates.title'])
      .orderBy(sql`word_similarity(${text}, lower(candidates.title))`, 'desc')
      .orderBy('candidates.published_at', 'desc')
      .limit(SUGGESTED_TITLES * 3)
      .execute();
  };
  // The newest listings first, as sortedPage() does; the indexes of the words when few of those match.
  let titles = await best(newestListings());
  if (titles.length < SUGGESTED_TITLES * 3)
    titles = await readingThrough(db, 'searchIndexes', () => best(sql`select * from listings`));
  const seen = new Set<string>();
  return titles
    .map((row) => row.title ?? '')
    .filter((title) => title !== '' && !seen.has(title.toLowerCase()) && seen.add(title.toLowerCase()))
    .slice(0, SUGGESTED_TITLES);
}
