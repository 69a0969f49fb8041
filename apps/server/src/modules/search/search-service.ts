import { DEFAULT_LOCALE, type Locale, type SearchPage } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReadCaches } from '../../plugins/read-caches';
import { PostgresSearch } from './postgres-search';
import { resultsPage } from './results-page';
import type { SearchEngine } from './search-engine';

const engines = new WeakMap<object, SearchEngine>();

/**
 * The search engine of a database: the routes' one holds the process's read caches (its counts and
 * suggestions kept until a listing changes), and is one per set of caches, since each app's caches
 * listen on their own connection: two apps on one database (a test of two processes) must not
 * answer from each other's. The modules that search without a request only ask for results, which
 * are never kept: they share one engine per database.
 */
export function searchEngineOf(db: Kysely<Database>, caches?: ReadCaches): SearchEngine {
  const key: object = caches ?? db;
  let engine = engines.get(key);
  if (!engine) {
    engine = new PostgresSearch(db, caches);
    engines.set(key, engine);
  }
  return engine;
}

/**
 * A page of results for a search's query string (a saved search's, say), exactly as GET /api/search
 * answers it: the same reading of the parameters, the same engine and queries, without a request.
 * In `locale`, by default the one a request that names none gets. Bad parameters or cursor are a
 * ValidationError, as the route's 422.
 */
export function searchResultsPage(
  app: Pick<FastifyInstance, 'db' | 'catalogue'>,
  query: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<SearchPage> {
  return resultsPage({ engine: searchEngineOf(app.db), categories: app.catalogue.categories }, query, locale);
}
