/*
 * What a plain first visit to a category does not show, in one chunk (search-results.tsx loads it
 * with its first showing): the filters in their panel, the chips of the chosen ones, what an empty
 * result offers, and the address's parser (a category page loads it for an address with a query,
 * whose filters show at once). The search page, which shows them at once, asks for it beside its own code.
 */
export { readSearchParams } from '@marketplace/contracts/catalogue-essentials';
export { ChosenFilters, NoResults } from './chosen-filters';
export { FiltersColumn } from './filters-column';
