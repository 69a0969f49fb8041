import type { Locale } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countFacets } from './postgres/count-facets';
import { findResults } from './postgres/find-results';
import { suggest, type SuggestionCounts } from './postgres/suggest';
import { RecentAnswers } from './recent-answers';
import type { ResolvedSearch, SearchCursor, SearchEngine, SearchFacetCounts, SearchResults } from './search-engine';

/** How long facet counts and suggestions are answered from memory (RecentAnswers). */
const FACETS_KEPT_MS = 10_000;
const SUGGESTIONS_KEPT_MS = 30_000;

/**
 * Search on the catalogue's own PostgreSQL tables: full text and a vocabulary of title words (migrations 0006, 0008).
 * Each call is a use case of its own file in postgres/; this keeps the answers recently given.
 */
export class PostgresSearch implements SearchEngine {
  /** Counts a few seconds old are still true enough to choose a filter by; the results never are. */
  private readonly recentFacets = new RecentAnswers<SearchFacetCounts>(FACETS_KEPT_MS, 1000);
  private readonly recentSuggestions = new RecentAnswers<SuggestionCounts>(SUGGESTIONS_KEPT_MS, 5000);

  constructor(private readonly db: Kysely<Database>) {}

  results(
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
  ): Promise<SearchResults> {
    return findResults(this.db, search, cursor, limit, locale);
  }

  facets(search: ResolvedSearch, enumKeys: readonly string[], locale: Locale): Promise<SearchFacetCounts> {
    // "Posted within" is a time computed per request: to the minute, it asks the same question.
    const since = search.publishedSince && Math.floor(search.publishedSince.getTime() / 60_000);
    // The place only orders the results: the counts are the same from anywhere.
    const question = JSON.stringify([{ ...search, publishedSince: since, near: undefined }, enumKeys, locale]);
    return this.recentFacets.get(question, () => countFacets(this.db, search, enumKeys, locale));
  }

  forgetRecentAnswers(): void {
    this.recentFacets.forget();
    this.recentSuggestions.forget();
  }

  suggestions(prefix: string): Promise<SuggestionCounts> {
    const text = prefix.toLowerCase();
    return this.recentSuggestions.get(text, () => suggest(this.db, text));
  }
}
