export * from './search-params';
export * from './search-responses';
export * from './search-routes';
