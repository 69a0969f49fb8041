import { pageCursor, pageFromCursor } from '@marketplace/contracts/catalogue-essentials';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useListings, type ListingsQuery } from '../api/listings';
import { ListingGrid } from './listing-grid';

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
