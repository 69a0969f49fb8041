import { FIRST_PAGE } from '@marketplace/contracts/catalogue-essentials';
import { useId, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useSeller } from './api/listings';
import { ListingsFeed } from './components/listings-feed';
import { Report } from './components/report-control';
import { SellerCard } from './components/seller-card';
import { SellerReviews } from './components/seller-reviews';
import { usePageTitle } from '../../hooks/use-page-title';
import './components/catalogue.css';

/** What the seller's page shows of other features: app/routes/seller-page.tsx passes them in. */
export interface SellerPageParts {
  /** Block or unblock the seller (features/blocks). */
  BlockUserControl: ComponentType<{ user: { id: number; name: string } }>;
}

/**
 * /users/:id: a seller's summary with their rating, their active listings, and the reviews they
 * received; Block and Report for anyone else than the seller (Report asks a visitor to log in).
 */
export function SellerPage({ BlockUserControl }: SellerPageParts) {
  const id = Number(useParams().id);
  const seller = useSeller(id);
  const { data: me } = useCurrentUser();
  const { t } = useI18n();
  const listingsId = useId();
  usePageTitle(seller.data?.name);
  if (seller.isError) {
    if (isHttpError(seller.error, 404)) return <NotFoundPage />;
    return <p role="alert">{t('browse.loadFailed')}</p>;
  }
  return (
    <>
      {seller.data ? (
        <>
          <SellerCard seller={seller.data} headingLevel="h1" link={false} />
          <BlockUserControl user={seller.data} />
          {me?.id !== seller.data.id && (
            <div className="listing-actions mt-2">
              <Report target={{ kind: 'user', id: seller.data.id }} panelClassName="listing-report-panel" />
            </div>
          )}
        </>
      ) : (
        <div className="seller-card placeholder-glow" aria-hidden="true">
          <span className="placeholder col-4" />
        </div>
      )}
      <section aria-labelledby={listingsId} className="mt-4">
        <h2 id={listingsId} className="h4 mb-3">
          {t('browse.forSale')}
        </h2>
        <ListingsFeed
          key={id}
          query={{ seller: id, limit: FIRST_PAGE.seller }}
          priority
          empty={<p className="mb-0">{t('browse.emptySeller')}</p>}
        />
      </section>
      {seller.data && <SellerReviews key={id} seller={seller.data} />}
    </>
  );
}
