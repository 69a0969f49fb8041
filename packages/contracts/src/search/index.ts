export * from './search-params';
export * from './search-responses';
