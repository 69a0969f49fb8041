/*
 * What a plain first visit to a category does not show, in one chunk (search-results.tsx loads it
 * with its first showing): the filters in their panel, the chips of the chosen ones, and what an
 * empty result offers. The search page, which shows them at once, asks for it beside its own code.
 */
export { ChosenFilters, NoResults } from './chosen-filters';
export { FiltersColumn } from './filters-column';
