import type { ListingCard as Card } from '@marketplace/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { pageLinks } from '../../../lib/paths';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { FavouriteHeart } from '../../../components/favourite-heart';
import { useCatalogueFormat } from '../../../lib/format';
import { RatingStars } from '../../../components/rating-stars';

export interface ListingCardProps {
  listing: Card;
  /** Cards in the first row load at once; the rest wait until they come near the screen. */
  eager?: boolean;
  /** The page's largest first image (LCP): the browser fetches it before anything else. */
  priority?: boolean;
}

/** One listing in a grid: cover photo, price, title, place and age, its seller's stars; the whole card links to the product page. */
export function ListingCard({ listing, eager = false, priority = false }: ListingCardProps) {
  const format = useCatalogueFormat();
  const { t } = useI18n();
  const { cover } = listing;
  const titleId = useId();
  const place = format.place([listing.neighborhood, listing.city]);
  return (
    <li className="listing-card">
      <Link className="listing-card-link" to={pageLinks.listing(listing.id, listing.slug)}>
        <div
          className="listing-card-photo"
          style={cover ? { backgroundImage: `url("${cover.placeholder}")` } : undefined}
        >
          {cover ? (
            <img
              src={cover.card}
              width={cover.width}
              height={cover.height}
              alt={listing.title}
              data-user-content=""
              loading={eager || priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <span className="listing-card-no-photo">{t('browse.noPhoto')}</span>
          )}
        </div>
        <div className="listing-card-body">
          <p className="listing-card-price">
            {format.price(listing.price_fils, listing.price_period)}
            {listing.negotiable && listing.price_fils ? (
              <span className="listing-card-negotiable">{t('browse.negotiable')}</span>
            ) : null}
          </p>
          <h3 id={titleId} className="listing-card-title" dir="auto" data-user-content="">
            {listing.title}
          </h3>
          <p className="listing-card-meta">
            {place && <span>{place}</span>}
            {listing.distance && (
              <span title={listing.distance.approximate ? t('search.distanceAboutTitle') : undefined}>
                {format.distance(listing.distance)}
              </span>
            )}
            {listing.published_at && <time dateTime={listing.published_at}>{format.age(listing.published_at)}</time>}
          </p>
          <p className="listing-card-rating">
            <RatingStars rating={listing.seller_rating} compact />
          </p>
        </div>
      </Link>
      <FavouriteHeart listingId={listing.id} titleId={titleId} className="listing-card-heart" />
    </li>
  );
}

/** A card's shape while its listing loads, so the grid does not jump when they arrive. */
export function ListingCardSkeleton() {
  return (
    <li className="listing-card listing-card-skeleton placeholder-glow" aria-hidden="true">
      <div className="listing-card-photo placeholder" />
      <div className="listing-card-body">
        <span className="placeholder col-5" />
        <span className="placeholder col-10" />
        <span className="placeholder col-7" />
        <span className="listing-card-rating" />
      </div>
    </li>
  );
}
