export * from './saved-searches-api';
export * from './saved-searches';
export * from './saved-searches-routes';
