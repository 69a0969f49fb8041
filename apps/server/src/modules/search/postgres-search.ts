import type { Locale } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReadCache } from '../../db/read-cache';
import type { ReadCaches } from '../../plugins/read-caches';
import { countFacets } from './postgres/count-facets';
import { findResults } from './postgres/find-results';
import { suggest, type SuggestionCounts } from './postgres/suggest';
import { RecentAnswers } from './recent-answers';
import type { ResolvedSearch, SearchCursor, SearchEngine, SearchFacetCounts, SearchResults } from './search-engine';

/** How long facet counts and suggestions are answered from memory without the read caches' listener (RecentAnswers). */
const FACETS_KEPT_MS = 10_000;
const SUGGESTIONS_KEPT_MS = 30_000;
/** With it, until a listing changes (migration 0036), or this long at most (a backstop, decision 043). */
const SHARED_KEPT_MS = 10 * 60_000;
/** What drops them: any write to what search reads, from any process. */
const LISTINGS_TAGS = ['listings'] as const;

/**
 * Search on the catalogue's own PostgreSQL tables: full text and a vocabulary of title words (migrations 0006, 0008).
 * Each call is a use case of its own file in postgres/; this keeps the answers recently given.
 */
export class PostgresSearch implements SearchEngine {
  /**
   * Counts and suggestions kept until a listing changes (or, without the listener, a few seconds:
   * still true enough to choose a filter by); the results are read afresh every time.
   */
  private readonly recentFacets: RecentAnswers<SearchFacetCounts>;
  private readonly recentSuggestions: RecentAnswers<SuggestionCounts>;
  /** Words typed that no listing has, and what they were corrected to (findResults()). */
  private readonly corrections: ReadCache<string> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    caches?: ReadCaches,
  ) {
    const shared = <T>(maxEntries: number) => {
      const cache = caches?.create<T>({ ttlMs: SHARED_KEPT_MS, maxEntries });
      return cache && { cache, tags: LISTINGS_TAGS };
    };
    this.corrections = caches?.create<string>({ ttlMs: SHARED_KEPT_MS, maxEntries: 10_000 });
    this.recentFacets = new RecentAnswers(FACETS_KEPT_MS, 1000, Date.now, shared<SearchFacetCounts>(2000));
    this.recentSuggestions = new RecentAnswers(SUGGESTIONS_KEPT_MS, 5000, Date.now, shared<SuggestionCounts>(10_000));
  }

  results(
    search: ResolvedSearch,
    cursor: SearchCursor | undefined,
    limit: number,
    locale: Locale,
  ): Promise<SearchResults> {
    return findResults(this.db, search, cursor, limit, locale, this.corrections);
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
