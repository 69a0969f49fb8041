// The grid first: its stylesheet (the catalogue's) comes before the search's own, as on /search.
import { ListingGrid } from '../../features/catalogue/components/listing-grid';
import {
  CategoryPage as CatalogueCategoryPage,
  type CategoryListingsProps,
} from '../../features/catalogue/category-page';
import { ResultCount, SearchResults, useSearch } from '../../features/search/search-results';
import { setSearchReader, setSearchReaderLoader, useSearchState } from '../../features/search/search-state';
import { useI18n } from '../../lib/i18n/i18n-store';

// The address's parser comes with the filters' code (search-tools), which an address with a query
// shows at once; a plain first visit downloads neither. Asked for as this page's code arrives.
let loading: Promise<void> | undefined;
const loadSearchReader = () =>
  (loading ??= import('../../features/search/search-tools').then((tools) => setSearchReader(tools.readSearchParams)));
setSearchReaderLoader(loadSearchReader);
if (typeof window !== 'undefined' && window.location.search !== '') void loadSearchReader();

/**
 * A category's listings as a search scoped to it (issue 32): search's filters with their counts,
 * sort, chips and phone sheet, on the category's own address (`/c/cars?a.make=toyota&sort=price_asc`).
 */
function CategoryListings({ category, header, empty }: CategoryListingsProps) {
  const { t } = useI18n();
  const search = useSearch(useSearchState(category.slug));
  return (
    <div className="search-page">
      {header(<ResultCount facets={search.facets.data} fallback={category.listing_count} />)}
      <SearchResults
        search={search}
        ListingGrid={ListingGrid}
        scoped
        collapsible
        firstResults={search.query.sort ? t('search.firstResults') : t('browse.newestListings')}
        empty={empty}
      />
    </div>
  );
}

/** The category page (features/catalogue) with its listings from search (features/search). */
export function CategoryPage() {
  return <CatalogueCategoryPage Listings={CategoryListings} />;
}
