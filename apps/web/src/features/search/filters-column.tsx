import { FilterPanel, type FilterPanelProps } from './filter-panel';
import { SearchFilters, type SearchFiltersProps } from './search-filters';

/**
 * The filters in their panel (a column, or a phone's sheet): they come with their first showing
 * (search-results.tsx loads them then), so a first visit that does not filter does not download them.
 */
export function FiltersColumn({
  panel,
  filters,
}: {
  panel: Omit<FilterPanelProps, 'children'>;
  filters: SearchFiltersProps;
}) {
  return (
    <FilterPanel {...panel}>
      <SearchFilters {...filters} />
    </FilterPanel>
  );
}
