import { SEARCH_LIMITS, type Locale, type SearchPage } from '@marketplace/contracts';
import { toCard } from '../catalogue';
import { ValidationError } from '../../plugins/validation';
import { problem, resolveSearch, type SearchCategories } from './resolve-search';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import type { SearchEngine } from './search-engine';

/**
 * A page of results for a search's query string, as GET /api/search answers it: the listings'
 * cards (with their distance, for a search from a place), the next page's cursor, and the words
 * searched for instead of a typo. Bad parameters or cursor are a ValidationError (422).
 */
export async function resultsPage(
  { engine, categories }: { engine: SearchEngine; categories: SearchCategories },
  query: string,
  locale: Locale,
): Promise<SearchPage> {
  const { params, search } = await resolveSearch(categories, query, locale);
  const cursor = params.cursor === undefined ? undefined : decodeSearchCursor(params.cursor, search.sort);
  if (params.cursor !== undefined && !cursor) throw ValidationError.forField('cursor', problem('laravel.invalidValue'));
  const limit = params.limit ?? SEARCH_LIMITS.pageSizeDefault;
  const { rows, next, correctedText } = await engine.results(search, cursor, limit, locale);
  return {
    data: rows.map((row) => ({
      ...toCard(row),
      ...(search.near && {
        distance:
          row.distance_m == null ? null : { metres: row.distance_m, approximate: row.distance_approximate === true },
      }),
    })),
    next_cursor: next ? encodeSearchCursor(search.sort, next) : null,
    corrected_query: correctedText ?? null,
  };
}
