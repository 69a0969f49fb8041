import { FIRST_PAGE } from '@marketplace/contracts/catalogue-essentials';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { paths } from '../../../lib/paths';
import { useListings, type ListingsQuery } from '../api/listings';
import { ListingGrid } from './listing-grid';

const FRESH: ListingsQuery = { near: 'me', limit: FIRST_PAGE.home };

/** The home page's newest listings in the visitor's city ("Fresh near Dubai"), anywhere when it is unknown. */
export function FreshListings() {
  const listings = useListings(FRESH);
  const { t } = useI18n();
  const headingId = useId();
  const near = listings.data?.pages[0]?.near;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4 mb-3">
        {near ? t('browse.freshNear', { city: near }) : t('browse.freshListings')}
      </h2>
      <ListingGrid
        listings={listings.data?.pages.flatMap((page) => page.data)}
        skeletons={8}
        empty={
          <>
            <p>{t('browse.emptyHome')}</p>
            <Link className="btn btn-primary" to={paths.sell}>
              {t('browse.sellAnItem')}
            </Link>
          </>
        }
        failed={listings.isError}
        onRetry={() => void listings.refetch()}
        hasMore={listings.hasNextPage}
        loadingMore={listings.isFetchingNextPage}
        onLoadMore={() => void listings.fetchNextPage()}
        priority
      />
    </section>
  );
}
