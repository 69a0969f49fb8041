import type { ListingStatus } from '@marketplace/contracts';
import { Link, useSearchParams } from 'react-router';
import { useOwnListings } from './api/own-listings';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { OwnListingCardView } from './own-listing-card';
import './selling.css';
import { LoadFailed, Loading } from '../../components/list-states';
import { FirstVisitVideo } from '../../components/first-visit-video';

export const MY_LISTINGS_TABS = [
  'active',
  'draft',
  'paused',
  'reserved',
  'sold',
  'expired',
] as const satisfies readonly ListingStatus[];
type Tab = (typeof MY_LISTINGS_TABS)[number];

const isTab = (value: string | null): value is Tab => MY_LISTINGS_TABS.includes(value as Tab);

/** /account/items: the seller's listings by state (the state in the address), each with its actions. */
export function MyListingsPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: Tab = isTab(requested) ? requested : 'active';
  const listings = useOwnListings(status);
  const counts = listings.data?.pages[0]?.counts;
  const cards = listings.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="my-listings-page mx-auto">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('myListings.title')}</h1>
        <div className="d-flex gap-3">
          <Link to={paths.myListingsHistory}>{t('myListings.historyLink')}</Link>
          <Link to={paths.sell}>{t('myListings.sellSomething')}</Link>
        </div>
      </div>
      <nav aria-label={t('myListings.tabs')}>
        <ul className="nav nav-tabs flex-nowrap overflow-x-auto scroll-hint mb-3">
          {MY_LISTINGS_TABS.map((tab) => (
            <li key={tab} className="nav-item">
              <Link
                to={`?status=${tab}`}
                className={`nav-link text-nowrap${tab === status ? ' active' : ''}`}
                aria-current={tab === status ? 'page' : undefined}
              >
                {t('myListings.tab', { status: tab })}{' '}
                {counts && <span className="badge rounded-pill text-bg-light">{counts[tab] ?? 0}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {listings.isError ? (
        <LoadFailed message={t('myListings.loadFailed')} onRetry={() => void listings.refetch()} />
      ) : listings.isPending ? (
        <Loading />
      ) : cards.length === 0 ? (
        <div className="text-center py-5">
          <FirstVisitVideo />
          <p>{t('myListings.empty')}</p>
          <Link to={paths.sell} className="btn btn-primary">
            {t('myListings.sellSomething')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="list-unstyled" aria-label={t('myListings.tab', { status })}>
            {cards.map((card) => (
              <OwnListingCardView key={card.id} listing={card} />
            ))}
          </ul>
          {listings.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={listings.isFetchingNextPage}
              onClick={() => void listings.fetchNextPage()}
            >
              {t('myListings.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
