export { savedSearchesRoutes } from './routes';
export { runSavedSearchAlerts } from './saved-search-alerts';
export { savedSearchTestHookRoutes } from './test-hook-routes';
