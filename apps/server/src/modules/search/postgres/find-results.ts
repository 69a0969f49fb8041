import type { Locale } from '@marketplace/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ReadCache } from '../../../db/read-cache';
import type { Database } from '../../../db/schema';
import type { CardRow } from '../../catalogue';
import type { ResolvedSearch, SearchCursor, SearchResults } from '../search-engine';
import { onSearchConnection } from './read-plans';
import { sortedPage } from './sorted-page';
import { correctedSearch, wordsFoundAnywhere } from './typo-correction';
import { titleQuery } from './word-queries';

/** A cursor before every description match (the largest time and id the cursor accepts). */
const TIER_ONE_START: SearchCursor = { key: '1 9999-12-31 23:59:59+00', id: 2_147_483_647 };

/** A relevance key: 0 when all the words are in the title, 1 when some are only in the description, and the time. */
const RELEVANCE_KEY = /^([01]) (.+)$/;

/**
 * A page of results; when the words as typed find nothing at all, the page of their correction.
 * `corrections` keeps, by the words typed, the correction of words no listing has (decision 043):
 * until a listing changes, they are searched for at once instead of being looked for first.
 */
export function findResults(
  db: Kysely<Database>,
  search: ResolvedSearch,
  cursor: SearchCursor | undefined,
  limit: number,
  locale: Locale,
  corrections?: ReadCache<string>,
): Promise<SearchResults> {
  const text = search.text;
  const known = text === undefined ? undefined : corrections?.get(text);
  const ticket = corrections?.ticket() ?? -1;
  return onSearchConnection(db, async (trx) => {
    if (known !== undefined) {
      // The words typed are in no listing (nothing changed since): their correction's page.
      const again = await page(trx, { ...search, text: known }, cursor, limit, locale);
      return { rows: again.rows, next: again.next, correctedText: known };
    }
    const { wordsFound, ...found } = await page(trx, search, cursor, limit, locale);
    if (found.rows.length > 0 || wordsFound) return found;
    const corrected = await correctedSearch(trx, search, wordsFound === false);
    if (!corrected) return found;
    const correctedText = corrected.text ?? '';
    if (text !== undefined) corrections?.set(text, CORRECTION_TAGS, correctedText, ticket);
    const again = await page(trx, corrected, cursor, limit, locale);
    return { rows: again.rows, next: again.next, correctedText };
  });
}

/** A correction holds while no listing changes: one may bring the words typed, or nearer ones. */
const CORRECTION_TAGS = ['listings'];

async function page(
  db: Kysely<Database>,
  search: ResolvedSearch,
  cursor: SearchCursor | undefined,
  limit: number,
  locale: Locale,
): Promise<SearchResults & { wordsFound?: boolean }> {
  if (search.sort !== 'relevance') return sortedPage(db, search, cursor, limit, locale);
  // A relevance cursor's key is its tier, a space and a time (search-cursor.ts).
  const tier = cursor ? RELEVANCE_KEY.exec(cursor.key) : null;
  const within = (wanted: string) =>
    cursor && tier?.[1] === wanted ? { key: tier[2] ?? '', id: cursor.id } : undefined;
  const newest = { ...search, sort: 'newest' as const };
  if (!search.text) return sortedPage(db, newest, within('0'), limit, locale, '0 ');
  // Relevance: the listings with every word in the title first, then those with some only in
  // the description, each newest first. Both are read in the order of an index, so the first
  // page of a word in a tenth of the catalogue reads a few hundred rows, not all of them
  // (decision 018 says what this gives up against scoring every match).
  const inTitle = sql<SqlBool>`listings.search_document @@ ${titleQuery(search.text)}`;
  const rows: CardRow[] = [];
  if (!tier || tier[1] === '0') {
    const first = await sortedPage(db, newest, within('0'), limit, locale, '0 ', inTitle);
    if (first.next) return first;
    // Not in any title: if in no description either (a typo), say so rather than look there.
    if (!tier && first.rows.length === 0 && !(await wordsFoundAnywhere(db, search.text))) {
      return { rows: [], next: undefined, wordsFound: false };
    }
    if (first.rows.length === limit) {
      // The page ends with the last title match: the next starts the description matches, if any.
      const more = await sortedPage(db, newest, undefined, 1, locale, '1 ', sql`not ${inTitle}`);
      return more.rows.length > 0 ? { ...first, next: TIER_ONE_START } : first;
    }
    rows.push(...first.rows);
  }
  const second = await sortedPage(db, newest, within('1'), limit - rows.length, locale, '1 ', sql`not ${inTitle}`);
  return { rows: [...rows, ...second.rows], next: second.next };
}
