import { favouriteChanges, type Favourite, type FavouriteChange, type PricePeriod } from '@marketplace/contracts';
import { pageLinks } from '@marketplace/contracts/pages';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCatalogueFormat, type CatalogueFormat } from '../../lib/format';
import { RatingStars } from '../../components/rating-stars';

const ENDED_TEXT = {
  paused: 'favourites.change.paused',
  reserved: 'favourites.change.reserved',
  sold: 'favourites.change.sold',
  expired: 'favourites.change.expired',
  removed: 'favourites.change.removed',
} as const;

function useChangeText() {
  const { t } = useI18n();
  return (change: FavouriteChange, format: CatalogueFormat, period: PricePeriod | null) => {
    if (change.kind === 'price') {
      // A rent's prices are per its period: "from AED 120,000 / year to AED 110,000 / year" (issue 32).
      const values = { from: format.price(change.from, period), to: format.price(change.to, period) };
      return change.to < change.from
        ? t('favourites.change.priceDropped', values)
        : t('favourites.change.priceRose', values);
    }
    return change.kind === 'back' ? t('favourites.change.back') : t(ENDED_TEXT[change.status]);
  };
}

/**
 * One saved listing on /account/favourites: its card as it is now, and what changed since it was
 * saved. One that can no longer be bought is greyed; a removed one has no link and can be cleared.
 */
export function FavouriteRow({ favourite, onRemove }: { favourite: Favourite; onRemove: () => void }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const changeText = useChangeText();
  const titleId = useId();
  const removeId = useId();
  const { listing } = favourite;
  const changes = favouriteChanges(favourite);
  const visible = ['active', 'reserved', 'sold', 'expired'].includes(listing.status);
  const ended = listing.status !== 'active';
  return (
    <li className={`list-group-item favourite-row${ended ? ' is-ended' : ''}`} aria-labelledby={titleId}>
      {listing.cover ? (
        <img src={listing.cover.thumb} alt="" width={80} height={80} className="rounded favourite-thumb" />
      ) : (
        <div className="rounded favourite-thumb bg-body-tertiary" aria-hidden="true" />
      )}
      <div className="flex-grow-1 min-w-0">
        <h2 className="h6 mb-1 text-break">
          {visible ? (
            <Link id={titleId} to={pageLinks.listing(listing.id, listing.slug)} dir="auto" data-user-content="">
              {listing.title}
            </Link>
          ) : (
            <span id={titleId} dir="auto" data-user-content="">
              {listing.title}
            </span>
          )}
        </h2>
        <p className="mb-1 fw-semibold">{format.price(listing.price_fils, listing.price_period)}</p>
        {listing.seller_rating.count > 0 && (
          <p className="mb-1 small">
            <RatingStars rating={listing.seller_rating} compact />
          </p>
        )}
        {changes.length > 0 && (
          <ul className="list-unstyled mb-1 favourite-changes">
            {changes.map((change) => (
              <li
                key={change.kind}
                className={change.kind === 'price' && change.to < change.from ? 'text-success' : ''}
              >
                {changeText(change, format, listing.price_period)}
              </li>
            ))}
          </ul>
        )}
        <p className="small text-body-secondary mb-0">
          {t('favourites.savedAgo', { age: format.age(favourite.saved_at) })}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary flex-shrink-0 align-self-start"
        aria-labelledby={`${removeId} ${titleId}`}
        onClick={onRemove}
      >
        <span id={removeId}>{t(listing.status === 'removed' ? 'favourites.clear' : 'favourites.remove')}</span>
      </button>
    </li>
  );
}
