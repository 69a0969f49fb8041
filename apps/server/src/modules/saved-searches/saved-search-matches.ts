import { readSearchParams, searchQueryString, type ListingCard, type SearchPage } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../plugins/validation';
import { searchResultsPage } from '../search';

/** The most new matches counted or alerted at once; the list shows "100+" beyond. */
export const MATCHES_MAX = 100;
const PAGE = 48;

/** The query a saved search keeps: what the results page's address holds, without cursor or limit. */
export function normalisedQuery(query: string): string | undefined {
  const { params, problems } = readSearchParams(query.replace(/^\?/, ''));
  if (Object.values(problems).some(Boolean)) return undefined;
  const search = { ...params };
  delete search.cursor;
  delete search.limit;
  return searchQueryString(search);
}

/**
 * The active listings matching saved `query` published after `since`, newest first, other than
 * those of `userId` (the search's owner is not told of their own listings).
 */
export async function newMatches(
  app: FastifyInstance,
  query: string,
  since: Date,
  userId: number,
): Promise<ListingCard[]> {
  const found = await newMatchesOfAnyone(app, query, since);
  if (found.length === 0) return found;
  const ids = found.map((card) => card.id);
  const own = await app.db
    .selectFrom('listings')
    .select('id')
    .where('id', 'in', ids)
    .where('seller_id', '=', userId)
    .execute();
  const ownIds = new Set(own.map((row) => row.id));
  return found.filter((card) => !ownIds.has(card.id));
}

/**
 * Asked of search itself (searchResultsPage: the same resolution of names, the same engine and
 * queries as GET /api/search), sorted by newest, so the new ones come first and the reading stops
 * at the first older one. A search that can no longer be asked (its category is gone, say) or that
 * fails finds what it found so far, as when the API answered other than 200.
 */
async function newMatchesOfAnyone(app: FastifyInstance, query: string, since: Date): Promise<ListingCard[]> {
  const { params } = readSearchParams(query);
  const found: ListingCard[] = [];
  let cursor: string | undefined;
  while (found.length < MATCHES_MAX) {
    const page = await pageOf(
      app,
      searchQueryString({ ...params, sort: 'newest', limit: PAGE, ...(cursor && { cursor }) }),
    );
    if (!page) return found;
    for (const card of page.data) {
      if (card.published_at === null || new Date(card.published_at) <= since) return found;
      found.push(card);
    }
    if (!page.next_cursor) return found;
    cursor = page.next_cursor;
  }
  return found;
}

/** A page of the search's results; undefined when it cannot be asked, or failed (logged, as the API's 500 was). */
async function pageOf(app: FastifyInstance, query: string): Promise<SearchPage | undefined> {
  try {
    return await searchResultsPage(app, query);
  } catch (error) {
    if (!(error instanceof ValidationError)) app.log.error({ err: error }, 'saved search: the search failed');
    return undefined;
  }
}
