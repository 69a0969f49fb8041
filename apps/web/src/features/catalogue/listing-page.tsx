import type { Category, Listing } from '@marketplace/contracts';
import { categoryPath, FIRST_PAGE, LISTING_STATUS_NAMES } from '@marketplace/contracts/catalogue-essentials';
import { useId, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks, paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCategories } from '../../lib/api/categories';
import { useListing } from '../../lib/api/get-listing';
import { useListings, useLiveListing } from './api/listings';
import { ListingDetails } from './components/listing-details';
import { ListingGrid } from './components/listing-grid';
import { Report } from './components/report-control';
import { ShareButton } from './components/share-button';
import { FavouriteHeart } from '../../components/favourite-heart';
import { usePageTitle } from '../../hooks/use-page-title';
import './components/catalogue.css';

const isNotFound = (error: unknown) => isHttpError(error, 404);

/** What the product page shows of other features: app/routes/listing-page.tsx passes them in. */
export interface ListingPageParts {
  /** Buy and Make an offer, as the listing's kind allows (features/orders). */
  OrderPanel: ComponentType<{ listing: Listing }>;
  /** Message seller; on a rent's page Contact the owner and Request a viewing, its words written (features/chat). */
  MessageSellerButton: ComponentType<{
    listingId: number;
    sellerId: number;
    purpose?: 'message' | 'contact' | 'viewing';
    draft?: string;
    primary?: boolean;
  }>;
}

/** /items/:id/:slug (product-card): one listing, kept live while it is open. */
export function ListingPage(parts: ListingPageParts) {
  const id = Number(useParams().id);
  const listing = useListing(id);
  const { data: categories } = useCategories();
  const { t } = useI18n();
  useLiveListing(id);
  usePageTitle(listing.data?.title);
  if (listing.isError && isHttpError(listing.error, 410)) {
    // Removed by the moderators (issue 29): the API answers 410, and the page says so plainly.
    return (
      <div className="alert alert-warning my-4" role="alert">
        <h1 className="h4">{t('listing.removedTitle')}</h1>
        <p className="mb-0">{t('listing.removedText')}</p>
      </div>
    );
  }
  if (listing.isError && isNotFound(listing.error)) {
    // Seen a moment ago, gone after a live update: the seller paused, sold or removed it.
    return listing.data ? <Unavailable listing={listing.data} /> : <NotFoundPage />;
  }
  if (listing.data) return <ListingView listing={listing.data} categories={categories} parts={parts} />;
  if (listing.isError) return <p role="alert">{t('browse.loadFailed')}</p>;
  return (
    <p className="visually-hidden" role="status">
      {t('browse.loadingListing')}
    </p>
  );
}

function Unavailable({ listing }: { listing: Listing }) {
  const { t } = useI18n();
  return (
    <div className="py-4">
      <h1 className="h3" dir="auto" data-user-content="">
        {listing.title}
      </h1>
      <div className="alert alert-warning" role="alert">
        <h2 className="h5">{t('browse.unavailableTitle')}</h2>
        <p className="mb-0">{t('browse.unavailableText')}</p>
      </div>
      <Link className="btn btn-primary" to={listing.category ? pageLinks.category(listing.category.slug) : paths.home}>
        {t('browse.similarItems')}
      </Link>
    </div>
  );
}

function ListingView({
  listing,
  categories,
  parts: { OrderPanel, MessageSellerButton },
}: {
  listing: Listing;
  categories: Category[] | undefined;
  parts: ListingPageParts;
}) {
  const { t } = useI18n();
  const { data: user } = useCurrentUser();
  const isSeller = Boolean(user && user.id === listing.seller.id);
  const category = listing.category
    ? categories?.find((candidate) => candidate.id === listing.category?.id)
    : undefined;
  const path = category && categories ? categoryPath(categories, category.id) : [];
  const reachable = listing.status === 'active' || listing.status === 'reserved';
  // A rent takes no order (issue 32): the buyer contacts the owner or asks for a viewing in the chat.
  const rent = listing.category?.trade_kind === 'rent';
  return (
    <>
      {path.length > 0 && (
        <nav aria-label={t('browse.breadcrumb')}>
          <ol className="breadcrumb">
            <li className="breadcrumb-item">
              <Link to={paths.home}>{t('nav.home')}</Link>
            </li>
            {path.map((step) => (
              <li key={step.id} className="breadcrumb-item">
                <Link to={pageLinks.category(step.slug)}>{step.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {isSeller ? (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-3" role="status">
          <span>{t('browse.yourListing', { status: t(LISTING_STATUS_NAMES[listing.status]) })}</span>
          {listing.actions.includes('edit') && (
            <Link className="btn btn-primary btn-sm" to={pageLinks.editListing(listing.id)}>
              {t('browse.editListing')}
            </Link>
          )}
        </div>
      ) : (
        listing.status !== 'active' && (
          <div className="alert alert-warning" role="status">
            <strong>{t('browse.unavailableTitle')}</strong>
          </div>
        )
      )}
      <ListingDetails
        listing={listing}
        definitions={category?.attributes ?? []}
        outline="page"
        titleId="listing-title"
        actions={
          isSeller ? null : (
            <>
              {rent ? (
                listing.status === 'active' && (
                  <div className="order-panel d-flex flex-wrap gap-2">
                    <MessageSellerButton
                      listingId={listing.id}
                      sellerId={listing.seller.id}
                      purpose="contact"
                      primary
                    />
                    <MessageSellerButton
                      listingId={listing.id}
                      sellerId={listing.seller.id}
                      purpose="viewing"
                      draft={t('browse.viewingMessage', { title: listing.title })}
                    />
                  </div>
                )
              ) : (
                <OrderPanel listing={listing} />
              )}
              <div className="listing-actions">
                <FavouriteHeart
                  listingId={listing.id}
                  titleId="listing-title"
                  sellerId={listing.seller.id}
                  className="favourite-heart-labelled"
                  withText
                />
                <ShareButton title={listing.title} />
                <Report target={{ kind: 'listing', id: listing.id }} panelClassName="listing-report-panel" />
              </div>
            </>
          )
        }
        sellerActions={
          reachable &&
          !(rent && listing.status === 'active') && (
            <div className="mt-2">
              <MessageSellerButton listingId={listing.id} sellerId={listing.seller.id} />
            </div>
          )
        }
      />
      <MoreFromSeller listing={listing} />
    </>
  );
}

/** The seller's other listings; nothing when there are none. */
function MoreFromSeller({ listing }: { listing: Listing }) {
  const { t } = useI18n();
  const headingId = useId();
  const related = useListings({ seller: listing.seller.id, exclude: listing.id, limit: FIRST_PAGE.related });
  const cards = related.data?.pages.flatMap((page) => page.data);
  if (cards?.length === 0 || related.isError) return null;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 id={headingId} className="h4 mb-0">
          {t('browse.moreFromSeller')}
        </h2>
        {related.hasNextPage && <Link to={pageLinks.seller(listing.seller.id)}>{t('browse.sellerPageLink')}</Link>}
      </div>
      <ListingGrid listings={cards} skeletons={FIRST_PAGE.related} empty={null} />
    </section>
  );
}
