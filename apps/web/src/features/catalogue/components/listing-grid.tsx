import type { ListingCard as Card } from '@marketplace/contracts';
import type { MouseEvent, ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
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
