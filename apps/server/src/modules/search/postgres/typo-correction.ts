import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ResolvedSearch } from '../search-engine';
import { readingThrough } from './read-plans';
import { textQuery, typedWords } from './word-queries';

/**
 * How close a known word must be to a misspelt one to replace it (pg_trgm similarity, 0–1):
 * "iphnoe" → "iphone" is 0.27, "samsnug" → "samsung" 0.33, "toyta" → "toyota" 0.44.
 */
const CORRECTION_SIMILARITY = 0.25;

/** Whether any active listing has the words, whatever the filters: through the words' index alone. */
export async function wordsFoundAnywhere(db: Kysely<Database>, text: string): Promise<boolean> {
  const found = await readingThrough(db, 'searchIndexes', () =>
    db
      .selectFrom('listings')
      .select(sql`1`.as('one'))
      .where('listings.status', '=', 'active')
      .where('listings.hidden_at', 'is', null)
      .where(sql<SqlBool>`listings.search_document @@ ${textQuery(text)}`)
      .limit(1)
      .execute(),
  );
  return found.length > 0;
}

/**
 * The search with its misspelt words replaced by the nearest words of titles, when the words as
 * typed find nothing at all, whatever the filters; undefined when they find something, or
 * nothing near them is known.
 */
export async function correctedSearch(
  db: Kysely<Database>,
  search: ResolvedSearch,
  knownAbsent = false,
): Promise<ResolvedSearch | undefined> {
  if (!search.text) return undefined;
  const text = search.text;
  if (!knownAbsent && (await wordsFoundAnywhere(db, text))) return undefined;
  const corrected = await correctWords(db, text);
  return corrected === undefined ? undefined : { ...search, text: corrected };
}

/**
 * The misspelt words of `text` (in no title) replaced by the nearest that are; undefined when none
 * is near. With `lastIsPrefix` (suggestions, while typing), a last word that starts a known word
 * is not misspelt.
 */
export async function correctWords(
  db: Kysely<Database>,
  text: string,
  { lastIsPrefix = false } = {},
): Promise<string | undefined> {
  const typed = typedWords(text);
  const last = lastIsPrefix ? typed.at(-1) : undefined;
  const words = [...new Set(typed.filter((word) => Array.from(word).length >= 3 && !/^\p{N}+$/u.test(word)))];
  if (words.length === 0) return undefined;
  const { rows } = await sql<{ typed: string; nearest: string | null }>`select typed.word as typed,
      case when exists (select 1 from search_words where search_words.word = typed.word
          or (typed.word = ${last ?? null} and search_words.word ^@ typed.word)) then typed.word else (
        select search_words.word from search_words
        where similarity(search_words.word, typed.word) >= ${CORRECTION_SIMILARITY}
        order by search_words.word <-> typed.word, search_words.word limit 1) end as nearest
    from unnest(${words}::text[]) as typed(word)`.execute(db);
  const replacements = new Map(rows.map((row) => [row.typed, row.nearest]));
  if (![...replacements].some(([word, nearest]) => nearest !== null && nearest !== word)) return undefined;
  return typed.map((word) => replacements.get(word) ?? word).join(' ');
}
