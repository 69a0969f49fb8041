import { DEFAULT_LOCALE, type Locale, type SearchPage } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReadCaches } from '../../plugins/read-caches';
import { PostgresSearch } from './postgres-search';
import { resultsPage } from './results-page';
import type { SearchEngine } from './search-engine';

const engines = new WeakMap<Kysely<Database>, { engine: SearchEngine; cached: boolean }>();

/**
 * The search engine of a database: one, for the routes and for the modules that search without a
 * request. The routes create it with the process's read caches (its counts and suggestions kept
 * until a listing changes); the modules only ask it for results, which are never kept.
 */
export function searchEngineOf(db: Kysely<Database>, caches?: ReadCaches): SearchEngine {
  let made = engines.get(db);
  if (!made || (caches && !made.cached)) {
    made = { engine: new PostgresSearch(db, caches), cached: caches !== undefined };
    engines.set(db, made);
  }
  return made.engine;
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
