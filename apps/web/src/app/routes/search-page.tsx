// The grid first: its stylesheet (the catalogue's) comes before the search page's own, as it always did.
import { ListingGrid } from '../../features/catalogue/components/listing-grid';
import { SaveSearch } from '../../features/saved-searches/save-search';
import { SearchPage as ResultsPage } from '../../features/search/search-page';

/** The results page (features/search) with what other features add to it: the listing cards, and saving the search. */
export function SearchPage() {
  return <ResultsPage ListingGrid={ListingGrid} SaveSearch={SaveSearch} />;
}
