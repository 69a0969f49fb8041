/**
 * What the public catalogue pages need from the contracts without a single schema: the API's
 * addresses, the category tree, prices, slugs and state names. Its own entry point
 * (`@marketplace/contracts/catalogue-essentials`), so those pages do not download zod.
 */
export * from './catalogue/api-addresses';
export * from './catalogue/category-tree';
export * from './catalogue/listing-text';
export * from './catalogue/trade-kinds';
export * from './catalogue/listing-report-rules';
export * from './moderation/user-report-reasons';
export * from './search/search-params';
export * from './search/search-api';
export * from './favourites/favourites-api';
export * from './favourites/favourite-changes';
export * from './saved-searches/saved-searches-api';
export * from './blocks/blocks-api';
