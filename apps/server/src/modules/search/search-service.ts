import { DEFAULT_LOCALE, type Locale, type SearchPage } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PostgresSearch } from './postgres-search';
import { resultsPage } from './results-page';
import type { SearchEngine } from './search-engine';

const engines = new WeakMap<Kysely<Database>, SearchEngine>();

/** The search engine of a database: one, for the routes and for the modules that search without a request. */
export function searchEngineOf(db: Kysely<Database>): SearchEngine {
  let engine = engines.get(db);
  if (!engine) {
    engine = new PostgresSearch(db);
    engines.set(db, engine);
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
