import { favouriteFilters, type FavouriteFilter } from '@marketplace/contracts/catalogue-essentials';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { useToggleFavourite } from '../../lib/api/favourite-ids';
import { useFavouritePages } from './api/get-favourites';
import { FavouriteRow } from './favourite-row';
import './favourites.css';
import { LoadFailed, Loading } from '../../components/list-states';

const FILTER_LABELS = {
  all: 'favourites.filterAll',
  available: 'favourites.filterAvailable',
  ended: 'favourites.filterEnded',
} as const;

const filterOf = (value: string | null): FavouriteFilter | undefined =>
  favouriteFilters.find((filter) => filter === value);

/** /account/favourites: what the user saved, newest first, with what changed since (favorite-products). */
export function FavouritesPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const show = filterOf(searchParams.get('show'));
  const list = useFavouritePages(show);
  const toggle = useToggleFavourite();
  // Removed at once on screen; a refusal brings the entry back (the toast says why).
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const items = (list.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (favourite) => !hidden.has(favourite.listing.id),
  );
  const remove = (listingId: number) => {
    setHidden((ids) => new Set(ids).add(listingId));
    toggle.mutate(
      { listingId, save: false },
      {
        onError: () =>
          setHidden((ids) => {
            const next = new Set(ids);
            next.delete(listingId);
            return next;
          }),
      },
    );
  };
  const filters = (['all', ...favouriteFilters] as const).map((filter) => ({
    filter,
    to: filter === 'all' ? paths.favourites : `${paths.favourites}?show=${filter}`,
    current: (show ?? 'all') === filter,
  }));

  return (
    <div className="favourites-page mx-auto">
      <h1 className="h3 mb-3">{t('favourites.title')}</h1>
      <nav aria-label={t('favourites.filter')} className="mb-3">
        <ul className="nav nav-pills">
          {filters.map(({ filter, to, current }) => (
            <li key={filter} className="nav-item">
              <Link
                to={to}
                className={`nav-link${current ? ' active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {t(FILTER_LABELS[filter])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.isError ? (
        <LoadFailed message={t('favourites.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p className="mb-1">{t(show ? 'favourites.noneHere' : 'favourites.noneYet')}</p>
          {show ? (
            <Link to={paths.favourites}>{t('favourites.seeAll')}</Link>
          ) : (
            <>
              <p className="text-body-secondary">{t('favourites.emptyText')}</p>
              <Link to={paths.search}>{t('favourites.browse')}</Link>
            </>
          )}
        </div>
      ) : (
        <>
          <ul className="list-group mb-3" aria-label={t(FILTER_LABELS[show ?? 'all'])}>
            {items.map((favourite) => (
              <FavouriteRow
                key={favourite.listing.id}
                favourite={favourite}
                onRemove={() => remove(favourite.listing.id)}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('favourites.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
