export * from './categories';
export * from './listing-attributes';
export * from './listing-fields';
export * from './listings';
export * from './listing-queries';
