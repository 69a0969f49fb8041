export * from './favourites-api';
export * from './favourite-changes';
export * from './favourites';
export * from './favourites-routes';
