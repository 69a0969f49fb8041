import type { CategoryAttribute, Listing } from '@marketplace/contracts';
import { tradeRules } from '@marketplace/contracts/catalogue-essentials';
import { useId, type ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useCatalogueFormat } from '../../../lib/format';
import { ListingAttributes } from './listing-attributes';
import { ListingGallery } from './listing-gallery';
import { SellerCard } from './seller-card';
import './catalogue.css';

/** Changed an hour or more after it went live: worth saying, where a typo fixed at once is not. */
const EDITED_AFTER_MS = 60 * 60 * 1000;
function wasEdited({ published_at: published, updated_at: updated }: Listing): boolean {
  return published !== null && Date.parse(updated) - Date.parse(published) >= EDITED_AFTER_MS;
}

/**
 * A listing as buyers see it: photos, price, title, place and age, delivery, the seller, the
 * description and the category's details. The product page puts it at the top of the page (its
 * title the page's h1) with what a buyer can do; the wizard's review step shows it as a preview,
 * lower in the page's outline and with nothing to press.
 */
export function ListingDetails({
  listing,
  definitions,
  outline,
  titleId,
  actions,
  sellerActions,
}: {
  listing: Listing;
  definitions: readonly CategoryAttribute[];
  /** 'page': title h1, sections h2; 'preview' (under the wizard's h3): title h4, sections h5. */
  outline: 'page' | 'preview';
  titleId?: string;
  /** Under the summary: Buy, Make an offer, Save, Share, Report. */
  actions?: ReactNode;
  /** Under the seller's card: Message seller. */
  sellerActions?: ReactNode;
}) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const descriptionId = useId();
  const detailsId = useId();
  const Title = outline === 'page' ? 'h1' : 'h4';
  const Section = outline === 'page' ? 'h2' : 'h5';
  const Seller = outline === 'page' ? 'aside' : 'div';
  const place = format.place([listing.neighborhood, listing.city]);
  // A rent or a sale by contact is seen and handed over where it is: no pickup or delivery to tell (issue 32).
  const trade = tradeRules(listing.category?.trade_kind);
  return (
    <>
      <div className="listing-layout">
        <div className="listing-layout-gallery">
          <ListingGallery photos={listing.photos} title={listing.title} />
        </div>
        <div className="listing-layout-summary">
          <p className="listing-price">
            {/* A rent is never free: one without its price yet (a draft's preview) says so (issue 32). */}
            {trade.pricePeriod && !listing.price_fils
              ? t('listing.noPriceYet')
              : format.price(listing.price_fils, listing.price_period)}
            {listing.negotiable && listing.price_fils ? (
              <span className="badge text-bg-light fw-normal">{t('browse.negotiable')}</span>
            ) : null}
          </p>
          <Title id={titleId} className="h3 listing-title" dir="auto" data-user-content="">
            {listing.title}
          </Title>
          <p className="text-body-secondary mb-2">
            {place && <span>{place}</span>}
            {place && listing.published_at && ' · '}
            {listing.published_at && (
              <time dateTime={listing.published_at}>
                {t('browse.posted', { age: format.age(listing.published_at) })}
              </time>
            )}
            {wasEdited(listing) && (
              <>
                {' · '}
                <time dateTime={listing.updated_at}>
                  {t('browse.updated', { age: format.age(listing.updated_at) })}
                </time>
              </>
            )}
            {(place || listing.published_at) && ' · '}
            <span>{t('browse.views', { count: listing.views })}</span>
          </p>
          {trade.delivery && (
            <ul className="listing-delivery">
              {listing.pickup && <li>{t('browse.pickup')}</li>}
              {listing.delivery && (
                <li>
                  {listing.delivery_fee_fils
                    ? t('browse.deliveryFee', { fee: format.price(listing.delivery_fee_fils) })
                    : t('browse.deliveryFree')}
                </li>
              )}
            </ul>
          )}
          {actions}
          {/* A landmark on the page; inside the wizard's preview (a region of its own) a plain block. */}
          <Seller className="listing-seller" aria-label={outline === 'page' ? t('browse.seller') : undefined}>
            <SellerCard seller={listing.seller} headingLevel={Section} link={outline === 'page'} />
            {sellerActions}
          </Seller>
        </div>
      </div>
      <div className="listing-layout-text">
        {listing.description && (
          <section aria-labelledby={descriptionId}>
            <Section id={descriptionId} className="h5">
              {t('listing.field.description')}
            </Section>
            <p className="listing-description" dir="auto" data-user-content="">
              {listing.description}
            </p>
          </section>
        )}
        <section aria-labelledby={detailsId}>
          <Section id={detailsId} className="h5">
            {t('browse.details')}
          </Section>
          <ListingAttributes listing={listing} definitions={definitions} />
        </section>
      </div>
    </>
  );
}

/** The listing as buyers will see it, in the listing wizard's review step (app/routes/sell-page.tsx passes it in). */
export function ListingPreview({
  listing,
  definitions,
}: {
  listing: Listing;
  definitions: readonly CategoryAttribute[];
}) {
  return <ListingDetails listing={listing} definitions={definitions} outline="preview" />;
}
