import { Link, useSearchParams } from 'react-router';
import { useListing } from '../../lib/api/get-listing';
import { useListingHistory, useOwnListings } from './api/own-listings';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { paths } from '../../lib/paths';
import { ListingTimeline } from './listing-timeline';
import { OwnListingCardView } from './own-listing-card';
import './selling.css';

/** /account/items/history: the seller's ended listings, and one listing's timeline (?listing=id). */
export function ListingsHistoryPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const chosen = Number(searchParams.get('listing'));
  const listingId = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  return (
    <div className="my-listings-page mx-auto">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('myListings.historyTitle')}</h1>
        <Link to={paths.myListings}>{t('myListings.backToListings')}</Link>
      </div>
      {listingId !== undefined && <Timeline id={listingId} />}
      <EndedListings />
    </div>
  );
}

function Timeline({ id }: { id: number }) {
  const { t } = useI18n();
  const history = useListingHistory(id);
  const listing = useListing(id);
  return (
    <section className="mb-4" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="h5">
        {listing.data
          ? richText(t, 'myListings.timelineOf', {
              title: (
                <bdi dir="auto" data-user-content="">
                  {listing.data.title || t('myListings.untitled')}
                </bdi>
              ),
            })
          : t('myListings.history')}
      </h2>
      {history.isError ? (
        <p className="alert alert-danger">{t('myListings.loadFailed')}</p>
      ) : history.data ? (
        <ListingTimeline
          events={history.data}
          categoryId={listing.data?.category?.id ?? null}
          pricePeriod={listing.data?.price_period ?? null}
        />
      ) : (
        <p role="status">{t('shell.loading')}</p>
      )}
    </section>
  );
}

function EndedListings() {
  const { t } = useI18n();
  const ended = useOwnListings('ended');
  const cards = ended.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="ended-heading">
      <h2 id="ended-heading" className="h5">
        {t('myListings.ended')}
      </h2>
      {ended.isError ? (
        <p className="alert alert-danger">{t('myListings.loadFailed')}</p>
      ) : ended.isPending ? (
        <p role="status">{t('shell.loading')}</p>
      ) : cards.length === 0 ? (
        <p>{t('myListings.noEnded')}</p>
      ) : (
        <>
          <ul className="list-unstyled">
            {cards.map((card) => (
              <OwnListingCardView key={card.id} listing={card} />
            ))}
          </ul>
          {ended.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={ended.isFetchingNextPage}
              onClick={() => void ended.fetchNextPage()}
            >
              {t('myListings.loadMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
