import type { Category, MessageKey, SearchFacets } from '@marketplace/contracts';
import {
  effectiveSort,
  searchSorts,
  type SearchPlace,
  type SearchSort,
} from '@marketplace/contracts/catalogue-essentials';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { mobileMediaQuery } from '../../lib/breakpoints';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { useCurrentUser } from '../auth/api/get-current-user';
import { useCategories } from '../catalogue/api/categories';
import { ListingGrid } from '../catalogue/components/listing-grid';
import { usePageTitle } from '../catalogue/use-page-title';
import { SaveSearch } from '../saved-searches/save-search';
import { useHomePlace, useSearchFacets, useSearchResults, type SearchQuery } from './api/search';
import { useSearchChips, type Chip } from './search-chips';
import { SearchFilters } from './search-filters';
import { searchHref, useSearchState, type SearchPatch } from './search-state';
import { useBrowserLocation, type LocationState } from './use-browser-location';
import '../catalogue/components/catalogue.css';
import './search.css';

const SORT_NAMES = {
  relevance: 'search.sort.relevance',
  newest: 'search.sort.newest',
  price_asc: 'search.sort.price_asc',
  price_desc: 'search.sort.price_desc',
  nearest: 'search.sort.nearest',
} as const satisfies Record<SearchSort, MessageKey>;

const LOCATION_PROBLEMS = {
  denied: 'search.locationDenied',
  unavailable: 'search.locationUnavailable',
} as const satisfies Partial<Record<LocationState, MessageKey>>;

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

/** /search (search-products, advanced-product-search): results, filters with counts, sort; the address holds it all. */
export function SearchPage() {
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

const samePlace = (a: SearchPlace, b: SearchPlace) => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * Where distances are measured from, and how to change that: "Use my location" asks the browser
 * (only on this click), then sorts nearest first; a refusal or failure says what to do.
 */
function NearPlace({
  near,
  home,
  change,
}: {
  near: SearchPlace | undefined;
  home: (SearchPlace & { city: string }) | undefined;
  change: (patch: SearchPatch) => void;
}) {
  const { t } = useI18n();
  const found = useCallback((place: SearchPlace) => change({ near: place, sort: 'nearest' }), [change]);
  const location = useBrowserLocation(found);
  const problem = location.state === 'denied' || location.state === 'unavailable' ? location.state : undefined;
  if (!near && !location.supported) return null;
  return (
    <div className="search-near">
      {near && (
        <>
          <span>{home && samePlace(near, home) ? t('search.nearCity', { city: home.city }) : t('search.nearYou')}</span>
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => change({ near: undefined, sort: undefined })}
          >
            {t('search.forgetPlace')}
          </button>
        </>
      )}
      {location.supported && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={location.state === 'locating'}
          onClick={location.locate}
        >
          {location.state === 'locating' ? t('search.locating') : t('search.useMyLocation')}
        </button>
      )}
      {problem && (
        <p className="search-near-problem mb-0" role="alert">
          {t(LOCATION_PROBLEMS[problem])}
        </p>
      )}
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

/**
 * The filters: a column beside the results on wide screens; below 600 px a full-screen sheet
 * (a modal dialog) opened by the Filters button, closed by its button, Escape or "Show N listings".
 */
function FilterPanel({
  id,
  headingId,
  open,
  sheet,
  total,
  onClose,
  children,
}: {
  id: string;
  headingId: string;
  open: boolean;
  sheet: boolean;
  total: number | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const modal = sheet && open;
  useEffect(() => {
    if (!modal) return;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('search-sheet-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('search-sheet-open');
    };
  }, [modal, onClose]);
  return (
    <section
      id={id}
      className={`search-panel${open ? ' is-open' : ''}`}
      aria-labelledby={headingId}
      {...(modal && { role: 'dialog', 'aria-modal': true })}
    >
      <div className="search-panel-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5 mb-0">
          {t('search.filters')}
        </h2>
        {sheet && (
          <button type="button" className="btn-close" aria-label={t('search.closeFilters')} onClick={onClose} />
        )}
      </div>
      {children}
      {sheet && (
        <div className="search-panel-footer">
          <button type="button" className="btn btn-primary w-100" onClick={onClose}>
            {t('search.showResults', { count: total ?? 0 })}
          </button>
        </div>
      )}
    </section>
  );
}
