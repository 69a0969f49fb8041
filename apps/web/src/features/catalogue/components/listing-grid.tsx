import type { ListingCard as Card } from '@marketplace/contracts';
import { pageCursor, pageFromCursor } from '@marketplace/contracts/catalogue-essentials';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useListings, type ListingsQuery } from '../api/listings';
import { ListingCard, ListingCardSkeleton } from './listing-card';
import './catalogue.css';

/** Cards eager-loaded at first: the first row on the widest grid. */
const FIRST_ROW = 6;

export interface ListingGridProps {
  listings: readonly Card[] | undefined;
  /** Skeleton cards to show while the first page loads. */
  skeletons: number;
  /** What to show (and offer) when there is nothing to list. */
  empty: ReactNode;
  failed?: boolean;
  onRetry?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /**
   * The next page's own address: Load more is then a link crawlers (and a new tab) follow, while a
   * plain click still loads that page below the cards.
   */
  nextHref?: string | undefined;
  /** The first card's photo is the page's main image (LCP). */
  priority?: boolean;
}

/** products-list: a responsive grid of listing cards, with skeletons, an empty state and Load more. */
export function ListingGrid({
  listings,
  skeletons,
  empty,
  failed = false,
  onRetry,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  nextHref,
  priority = false,
}: ListingGridProps) {
  const { t } = useI18n();
  if (!listings && failed) {
    return (
      <div className="listing-grid-message" role="alert">
        <p>{t('browse.loadFailed')}</p>
        {onRetry && (
          <button type="button" className="btn btn-outline-primary" onClick={onRetry}>
            {t('browse.retry')}
          </button>
        )}
      </div>
    );
  }
  if (!listings) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('browse.loadingListings')}
        </p>
        <ul className="listing-grid">
          {Array.from({ length: skeletons }, (_, index) => (
            <ListingCardSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  }
  if (listings.length === 0) return <div className="listing-grid-message">{empty}</div>;
  const loadMoreLabel = (
    <>
      {loadingMore && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {loadingMore ? t('browse.loadingListings') : t('browse.loadMore')}
    </>
  );
  return (
    <>
      <ul className="listing-grid">
        {listings.map((listing, index) => (
          <ListingCard
            key={listing.id}
            listing={listing}
            eager={index < FIRST_ROW}
            priority={priority && index === 0}
          />
        ))}
      </ul>
      {hasMore && onLoadMore && (
        <div className="text-center mt-4">
          {nextHref ? (
            <a
              className={`btn btn-outline-primary${loadingMore ? ' disabled' : ''}`}
              href={nextHref}
              aria-disabled={loadingMore || undefined}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                if (!loadingMore) onLoadMore();
              }}
            >
              {loadMoreLabel}
            </a>
          ) : (
            <button type="button" className="btn btn-outline-primary" disabled={loadingMore} onClick={onLoadMore}>
              {loadMoreLabel}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** A click the app may take over: not one meant for a new tab or window, nor a download. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The grid for an API query: its pages, one more on Load more. The page's address may start it
 * further on (`?cursor=`, what Load more links to), with a link back to the newest then.
 */
export function ListingsFeed({
  query,
  empty,
  priority = false,
}: {
  query: ListingsQuery;
  empty: ReactNode;
  priority?: boolean;
}) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const start = pageCursor(search);
  const listings = useListings(query, { start });
  const next = listings.data?.pages.at(-1)?.next_cursor;
  return (
    <>
      {start && (
        <p className="mb-3">
          <Link to={pathname}>{t('browse.newestListings')}</Link>
        </p>
      )}
      <ListingGrid
        listings={listings.data?.pages.flatMap((page) => page.data)}
        skeletons={Math.min(query.limit ?? 8, 8)}
        // Past the last listing (they sold, or the link is old), "nothing listed yet" would be untrue.
        empty={start ? <p>{t('browse.pastTheEnd')}</p> : empty}
        failed={listings.isError}
        onRetry={() => void listings.refetch()}
        hasMore={listings.hasNextPage}
        loadingMore={listings.isFetchingNextPage}
        onLoadMore={() => void listings.fetchNextPage()}
        nextHref={next ? pageFromCursor(pathname, next) : undefined}
        priority={priority}
      />
    </>
  );
}
