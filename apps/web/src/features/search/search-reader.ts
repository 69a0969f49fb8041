// The address's parser (search-params.ts), on its own so a category page's plain first visit,
// whose address has no query, does not download it (search-state.ts loads it for one that has).
export { readSearchParams } from '@marketplace/contracts/catalogue-essentials';
