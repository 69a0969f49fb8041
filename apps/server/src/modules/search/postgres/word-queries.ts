import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';

/** The words a person typed, as a query of stems in both languages (OR), so either language finds them. */
export const textQuery = (text: string) =>
  sql`(websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('arabic', ${text}))`;

/**
 * The same words found in a title: each stem restricted to weight A, the title's in the search
 * document (migration 0006). A pattern of tsquery's own text, whose stems are quoted with '' inside.
 */
export const titleQuery = (text: string) =>
  sql`regexp_replace((${textQuery(text)})::text, ${"'(?:[^']|'')*'"}, ${'\\&:A'}, 'g')::tsquery`;

/** The words of what was typed, in lower case: letters and digits, whatever the language. */
export const typedWords = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Known words a typed word may be the start of, shortest first (the vocabulary's own index). */
const COMPLETIONS = 12;

/**
 * What has been typed so far as a full-text query: the words before the last whole, the last one
 * any known title word it starts ("iphone 1" finds "iPhone 13"), from the vocabulary, since a
 * prefix in the full-text index collects every listing of every word it matches before it can
 * narrow. Words of one or two letters are left out ("toyota p" looks for "toyota"); the
 * candidates are then ordered by how close they come to the whole text. Null when no word is
 * left; 'unknown' when the last word starts no title word.
 */
export async function typedQuery(db: Kysely<Database>, text: string): Promise<RawBuilder<unknown> | null | 'unknown'> {
  const words = typedWords(text);
  const last = words.at(-1);
  const kept = words.filter((word) => Array.from(word).length >= 3).slice(-8);
  if (kept.length === 0 || last === undefined) return null;
  const whole = kept.at(-1) === last ? kept.slice(0, -1) : kept;
  let ending: string[] = [];
  if (kept.at(-1) === last && /^\p{N}+$/u.test(last)) {
    // Numbers are not in the vocabulary: "iphone 128" looks for a number that starts with 128.
    ending = [`${last}:*`];
  } else if (kept.at(-1) === last) {
    const rows = await db
      .selectFrom('search_words')
      .select('word')
      .where(sql<SqlBool>`word ^@ ${last}`)
      .orderBy(sql`char_length(word)`)
      .orderBy('word')
      .limit(COMPLETIONS)
      .execute();
    ending = rows.map((row) => row.word).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
    if (ending.length === 0) return 'unknown';
  }
  const query = [...whole, ...(ending.length > 0 ? [`(${ending.join(' | ')})`] : [])].join(' & ');
  return sql`(to_tsquery('english', ${query}) || to_tsquery('arabic', ${query}))`;
}
