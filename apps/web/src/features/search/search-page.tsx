import type { Category, ListingCard, MessageKey, SearchFacets } from '@marketplace/contracts';
import {
  effectiveSort,
  searchSorts,
  type SearchPlace,
  type SearchSort,
} from '@marketplace/contracts/catalogue-essentials';
import { useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { mobileMediaQuery } from '../../lib/breakpoints';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCategories } from '../../lib/api/categories';
import { usePageTitle } from '../../hooks/use-page-title';
import { useHomePlace, useSearchFacets, useSearchResults, type SearchQuery } from './api/search';
import { FilterPanel } from './filter-panel';
import { NearPlace } from './near-place';
import { useSearchChips, type Chip } from './search-chips';
import { SearchFilters } from './search-filters';
import { searchHref, useSearchState } from './search-state';
import './search.css';

const SORT_NAMES = {
  relevance: 'search.sort.relevance',
  newest: 'search.sort.newest',
  price_asc: 'search.sort.price_asc',
  price_desc: 'search.sort.price_desc',
  nearest: 'search.sort.nearest',
} as const satisfies Record<SearchSort, MessageKey>;

/** Field filters the chosen category does not have are left out: an old link still searches. */
function knownFields(query: SearchQuery, category: Category | undefined, loaded: boolean): SearchQuery {
  if (!loaded || !query.attributes) return query;
  const attributes = Object.fromEntries(
    Object.entries(query.attributes).filter(([key]) =>
      category?.attributes.some((attribute) => attribute.key === key && attribute.filterable),
    ),
  );
  const rest: SearchQuery = { ...query };
  delete rest.attributes;
  return Object.keys(attributes).length > 0 ? { ...rest, attributes } : rest;
}

/** What the results ask of the grid of listing cards. */
export interface ResultsGridProps {
  listings: readonly ListingCard[] | undefined;
  skeletons: number;
  empty: ReactNode;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  nextHref: string | undefined;
  priority: boolean;
}

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
  const { query: asked, start, change } = useSearchState();
  const { data: categories } = useCategories();
  const category = asked.category ? categories?.find((candidate) => candidate.slug === asked.category) : undefined;
  const query = useMemo(() => knownFields(asked, category, categories !== undefined), [asked, category, categories]);
  const results = useSearchResults(query, start);
  const facets = useSearchFacets(query);
  const chips = useSearchChips(query, category, facets.data);
  const phone = useMediaQuery(mobileMediaQuery);
  const [sheetOpen, setSheetOpen] = useState(false);
  const panelId = useId();
  const panelHeadingId = useId();
  const sortId = useId();
  const { data: user } = useCurrentUser();
  const home = useHomePlace(Boolean(user)).data ?? undefined;
  // Distances are measured from the address's place; nearest first is offered once there is one,
  // or the user's profile city can be one.
  const place: SearchPlace | undefined = query.near ?? home;
  const heading = query.q ? t('search.resultsFor', { q: query.q }) : (category?.name ?? t('search.allListings'));
  usePageTitle(heading);
  const sort = effectiveSort(query);
  const next = results.data?.pages.at(-1)?.next_cursor;
  const total = facets.data?.total;
  const corrected = results.data?.pages[0]?.corrected_query;

  return (
    <div className="search-page">
      <div className="search-heading">
        <h1 className="h3 mb-0" dir="auto">
          {heading}
        </h1>
        <p className="text-body-secondary mb-0" aria-live="polite">
          {total === undefined
            ? ''
            : facets.data?.approximate
              ? t('search.resultCountAbout', { count: total })
              : t('search.resultCount', { count: total })}
        </p>
        {corrected && query.q && (
          <p className="mb-0" dir="auto">
            {t('search.correctedTo', { q: corrected, typed: query.q })}
          </p>
        )}
        <SaveSearch search={query} suggestedName={heading} />
      </div>
      <div className="search-toolbar">
        <button
          type="button"
          className="btn btn-outline-secondary search-filters-button"
          aria-expanded={sheetOpen}
          aria-controls={panelId}
          onClick={() => setSheetOpen(true)}
        >
          {chips.length > 0 ? t('search.filtersCount', { count: chips.length }) : t('search.filters')}
        </button>
        <div className="search-sort">
          <label className="form-label mb-0" htmlFor={sortId}>
            {t('search.sort')}
          </label>
          <select
            id={sortId}
            className="form-select form-select-sm"
            value={sort}
            onChange={(event) => {
              const chosen = event.target.value as SearchSort;
              change(chosen === 'nearest' && !query.near ? { sort: chosen, near: place } : { sort: chosen });
            }}
          >
            {searchSorts
              .filter((option) => (option !== 'relevance' || query.q) && (option !== 'nearest' || place))
              .map((option) => (
                <option key={option} value={option}>
                  {t(SORT_NAMES[option])}
                </option>
              ))}
          </select>
        </div>
      </div>
      <NearPlace near={query.near} home={home} change={change} />
      <ActiveFilters
        chips={chips}
        onRemove={(chip) => change(chip.patch)}
        clearAll={searchHref(query.q ? { q: query.q } : {})}
      />
      <div className="search-layout">
        <FilterPanel
          id={panelId}
          headingId={panelHeadingId}
          open={sheetOpen}
          sheet={phone}
          total={total}
          onClose={() => setSheetOpen(false)}
        >
          <SearchFilters
            query={query}
            change={change}
            facets={facets.data}
            categories={categories ?? []}
            category={category}
          />
        </FilterPanel>
        <div className="search-results">
          <h2 className="visually-hidden">{t('browse.forSale')}</h2>
          {start && (
            <p className="mb-3">
              <Link to={searchHref(query)}>{t('search.firstResults')}</Link>
            </p>
          )}
          <ListingGrid
            listings={results.data?.pages.flatMap((page) => page.data)}
            skeletons={8}
            empty={<NoResults chips={chips} facets={facets.data} onRemove={(chip) => change(chip.patch)} />}
            failed={results.isError}
            onRetry={() => void results.refetch()}
            hasMore={results.hasNextPage}
            loadingMore={results.isFetchingNextPage}
            onLoadMore={() => void results.fetchNextPage()}
            nextHref={next ? searchHref({ ...query, cursor: next }) : undefined}
            priority
          />
        </div>
      </div>
    </div>
  );
}

function ActiveFilters({
  chips,
  onRemove,
  clearAll,
}: {
  chips: Chip[];
  onRemove: (chip: Chip) => void;
  clearAll: string;
}) {
  const { t } = useI18n();
  if (chips.length === 0) return null;
  return (
    <ul className="search-chips" aria-label={t('search.activeFilters')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="search-chip"
            aria-label={t('search.removeFilter', { filter: chip.label })}
            onClick={() => onRemove(chip)}
          >
            <span dir="auto">{chip.label}</span> <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Link className="search-clear" to={clearAll}>
            {t('search.clearAll')}
          </Link>
        </li>
      )}
    </ul>
  );
}

/** Nothing found: name the one filter whose removal brings back the most listings, when the counts tell. */
function NoResults({
  chips,
  facets,
  onRemove,
}: {
  chips: Chip[];
  facets: SearchFacets | undefined;
  onRemove: (chip: Chip) => void;
}) {
  const { t } = useI18n();
  const best = facets
    ? chips.filter((chip) => (chip.without ?? 0) > 0).sort((a, b) => (b.without ?? 0) - (a.without ?? 0))[0]
    : undefined;
  return (
    <div role="status">
      <p className="fw-semibold">{t('search.noResults')}</p>
      {best ? (
        <button type="button" className="btn btn-outline-primary" onClick={() => onRemove(best)}>
          {t('search.tryRemoving', { filter: best.label, count: best.without ?? 0 })}
        </button>
      ) : (
        <p>{t('search.tryFewerWords')}</p>
      )}
    </div>
  );
}
