/**
 * Search's public surface: what the app and other modules use of it. Everything else in this
 * folder (the engine and its queries, the reading of parameters) is the module's own.
 */
/** The routes of search, registered by the app. */
export { searchRoutes } from './routes';
/** A page of results for a query string, as GET /api/search answers it: saved searches' new matches. */
export { searchResultsPage } from './search-service';
