import type { Category, ListingCard, MessageKey, SearchFacets } from '@marketplace/contracts';
import {
  effectiveSort,
  searchSorts,
  type SearchPlace,
  type SearchSort,
  withRentPeriod,
} from '@marketplace/contracts/catalogue-essentials';
import { lazy, Suspense, useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { mobileMediaQuery } from '../../lib/breakpoints';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCategories } from '../../lib/api/categories';
import { useHomePlace, useSearchFacets, useSearchResults, type SearchQuery } from './api/search';
import type { NearPlaceProps } from './near-place';
import { chosenCount, type SearchState } from './search-state';
import './search.css';

/*
 * What a plain first visit does not show comes with its first showing: the filters (a phone's sheet,
 * or a category page's column, open when asked for), the chips of the chosen ones, and what an
 * empty result offers. A category's plain page (where people land from outside) does not download them.
 */
const tools = () => import('./search-tools');
const FiltersColumn = lazy(async () => ({ default: (await tools()).FiltersColumn }));
const ChosenFilters = lazy(async () => ({ default: (await tools()).ChosenFilters }));
const NoResults = lazy(async () => ({ default: (await tools()).NoResults }));

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

/**
 * A search's results and counts for the address's state (useSearchState): /search's, or a category
 * page's, which is a search scoped to its category. Asked once by the page, for its heading and the
 * results below it alike.
 */
export function useSearch(state: SearchState) {
  const { data: categories } = useCategories();
  const asked = state.query;
  const category = asked.category ? categories?.find((candidate) => candidate.slug === asked.category) : undefined;
  const query = useMemo(
    () => withRentPeriod(knownFields(asked, category, categories !== undefined), category?.trade_kind),
    [asked, category, categories],
  );
  const results = useSearchResults(query, state.start);
  const facets = useSearchFacets(query);
  return { ...state, query, categories, category, results, facets };
}

export type Search = ReturnType<typeof useSearch>;

/** How many listings the search finds ("About 19,000 listings" when counted on a sample); read out as it changes. */
export function ResultCount({ facets, fallback }: { facets: SearchFacets | undefined; fallback?: number }) {
  const { t } = useI18n();
  const total = facets?.total ?? fallback;
  return (
    <p className="text-body-secondary mb-0" aria-live="polite">
      {total === undefined
        ? ''
        : facets?.approximate
          ? t('search.resultCountAbout', { count: total })
          : t('search.resultCount', { count: total })}
    </p>
  );
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

export interface SearchResultsProps {
  search: Search;
  /** The results as listing cards (features/catalogue, passed in by app/). */
  ListingGrid: ComponentType<ResultsGridProps>;
  /**
   * The page is its category's (a category page): the category is not a filter to take off, and
   * "Clear all" keeps it.
   */
  scoped?: boolean;
  /** The link back from a later page of results to the first. */
  firstResults: string;
  /** What to show when nothing is listed and no filter is chosen (the empty category's offer to sell). */
  empty?: ReactNode;
  /**
   * On wide screens too the filters are a column the Filters button opens (and closes), open at
   * first when the address has some: a category page, which people mostly browse.
   */
  collapsible?: boolean;
  /** Where distances are measured from, and "Use my location" (near-place.tsx); without it, nearest first only for an address that has a place. */
  Near?: ComponentType<NearPlaceProps>;
}

/**
 * The results with their tools: the Filters button (a full-screen sheet on phones), the sort, the
 * chosen filters as chips, the filters with their counts beside the results, and Load more.
 */
export function SearchResults({
  search,
  ListingGrid,
  scoped = false,
  firstResults,
  empty,
  collapsible = false,
  Near,
}: SearchResultsProps) {
  const { t } = useI18n();
  const { query, start, change, href, results, facets, category } = search;
  const chosen = chosenCount(query, scoped);
  const phone = useMediaQuery(mobileMediaQuery);
  // On a phone the sheet; on a wide screen, a collapsible column.
  // Apart: a column opened on a wide screen is not a sheet over everything once the window narrows.
  const [sheetOpen, setSheetOpen] = useState(false);
  const [columnOpen, setColumnOpen] = useState(() => collapsible && chosen > 0);
  const column = !phone && (!collapsible || columnOpen);
  const panelId = useId();
  const panelHeadingId = useId();
  const sortId = useId();
  const { data: user } = useCurrentUser();
  const home = useHomePlace(Boolean(user) && Near !== undefined).data ?? undefined;
  // Distances are measured from the address's place; nearest first is offered once there is one,
  // or the user's profile city can be one.
  const place: SearchPlace | undefined = query.near ?? home;
  const sort = effectiveSort(query);
  const next = results.data?.pages.at(-1)?.next_cursor;
  const chosenProps = { query, category, facets: facets.data, scoped, change };
  const kept = { ...(query.q && { q: query.q }), ...(scoped && { category: query.category }) };

  return (
    <>
      <div className="search-toolbar">
        <button
          type="button"
          className={`btn btn-outline-secondary search-filters-button${collapsible ? ' is-toggle' : ''}`}
          aria-expanded={phone ? sheetOpen : column}
          aria-controls={panelId}
          onClick={() => (phone ? setSheetOpen(true) : setColumnOpen(!columnOpen))}
        >
          {chosen > 0 ? t('search.filtersCount', { count: chosen }) : t('search.filters')}
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
      {Near && <Near near={query.near} home={home} change={change} />}
      {chosen > 0 && (
        <Suspense fallback={<div className="search-chips-loading" />}>
          <ChosenFilters {...chosenProps} clearAll={href(kept)} />
        </Suspense>
      )}
      <div className={`search-layout${phone || column ? '' : ' without-panel'}`}>
        {(column || (phone && sheetOpen)) && (
          <Suspense fallback={<section className="search-panel" aria-busy="true" />}>
            <FiltersColumn
              panel={{
                id: panelId,
                headingId: panelHeadingId,
                open: phone ? sheetOpen : column,
                sheet: phone,
                total: facets.data?.total,
                onClose: () => setSheetOpen(false),
              }}
              filters={{
                query,
                change,
                facets: facets.data,
                categories: search.categories ?? [],
                category,
                href,
              }}
            />
          </Suspense>
        )}
        <div className="search-results">
          <h2 className="visually-hidden">{t('browse.forSale')}</h2>
          {start && (
            <p className="mb-3">
              <Link to={href(query)}>{firstResults}</Link>
            </p>
          )}
          <ListingGrid
            listings={results.data?.pages.flatMap((page) => page.data)}
            skeletons={8}
            empty={
              chosen === 0 && !start && empty ? (
                empty
              ) : (
                <Suspense fallback={null}>
                  <NoResults {...chosenProps} />
                </Suspense>
              )
            }
            failed={results.isError}
            onRetry={() => void results.refetch()}
            hasMore={results.hasNextPage}
            loadingMore={results.isFetchingNextPage}
            onLoadMore={() => void results.fetchNextPage()}
            nextHref={next ? href({ ...query, cursor: next }) : undefined}
            priority
          />
        </div>
      </div>
    </>
  );
}
