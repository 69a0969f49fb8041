export * from './saved-searches-api';
export * from './saved-searches';
