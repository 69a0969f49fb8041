import { readSearchParams } from '@marketplace/contracts/catalogue-essentials';
import type { ComponentType } from 'react';
import { useI18n } from '../../lib/i18n/i18n-store';
import { usePageTitle } from '../../hooks/use-page-title';
import type { SearchQuery } from './api/search';
import { NearPlace } from './near-place';
import { ResultCount, SearchResults, useSearch, type ResultsGridProps } from './search-results';
import { setSearchReader, useSearchState } from './search-state';
// The filters and chips, which this page shows at once: downloaded beside it, not after it renders.
import './search-tools';

// Its address always has a query: the parser comes with the page (it is in the filters' code anyway).
setSearchReader(readSearchParams);

export type { ResultsGridProps } from './search-results';

/** What the results page shows of other features: app/routes/search-page.tsx passes them in. */
export interface SearchPageParts {
  /** The results as listing cards (features/catalogue). */
  ListingGrid: ComponentType<ResultsGridProps>;
  /** Save this search (features/saved-searches). */
  SaveSearch: ComponentType<{ search: SearchQuery; suggestedName: string }>;
}

/** /search (search-products, advanced-product-search): results, filters with counts, sort; the address holds it all. */
export function SearchPage({ ListingGrid, SaveSearch }: SearchPageParts) {
  const { t } = useI18n();
  const search = useSearch(useSearchState());
  const { query, category } = search;
  const heading = query.q ? t('search.resultsFor', { q: query.q }) : (category?.name ?? t('search.allListings'));
  usePageTitle(heading);
  const corrected = search.results.data?.pages[0]?.corrected_query;

  return (
    <div className="search-page">
      <div className="search-heading">
        <h1 className="h3 mb-0" dir="auto">
          {heading}
        </h1>
        <ResultCount facets={search.facets.data} />
        {corrected && query.q && (
          <p className="mb-0" dir="auto">
            {t('search.correctedTo', { q: corrected, typed: query.q })}
          </p>
        )}
        <SaveSearch search={query} suggestedName={heading} />
      </div>
      <SearchResults
        search={search}
        ListingGrid={ListingGrid}
        firstResults={t('search.firstResults')}
        Near={NearPlace}
      />
    </div>
  );
}
