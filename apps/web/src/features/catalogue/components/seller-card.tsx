import type { RatingSummary, SellerSummary } from '@marketplace/contracts';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { pageLinks } from '../../../lib/paths';
import { useCatalogueFormat } from '../../../lib/format';
import { RatingStars } from '../../../components/rating-stars';

/** Who sells: name, company or individual, a verified e-mail, member since, active listings, rating; links to their page unless it is that page. */
export function SellerCard({
  seller,
  headingLevel,
  link,
}: {
  seller: SellerSummary;
  /** h1 on the seller's page; h2 on the product page; h5 in the listing wizard's preview. */
  headingLevel: 'h1' | 'h2' | 'h5';
  link: boolean;
}) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const Heading = headingLevel;
  return (
    <div className="seller-card d-flex gap-3 align-items-start">
      <Avatar src={seller.avatar} alt="" size={headingLevel === 'h1' ? 80 : 56} />
      <div className="min-w-0">
        <Heading className={headingLevel === 'h1' ? 'h3 mb-1' : 'h5 mb-1'} dir="auto" data-user-content="">
          {seller.name}
        </Heading>
        <p className="mb-1">
          <span className="badge text-bg-secondary">
            {seller.account_type === 'company' ? t('browse.company') : t('browse.individual')}
          </span>
          {seller.email_verified && (
            <span className="badge text-bg-success ms-1 seller-verified">
              <span aria-hidden="true">✓ </span>
              {t('rating.emailVerified')}
            </span>
          )}
        </p>
        <p className="mb-1 text-body-secondary small">
          {t('browse.memberSince', { date: format.date(seller.member_since) })}
          {' · '}
          {t('browse.activeListings', { count: seller.active_listings })}
        </p>
        <RatingSummaryLine rating={seller.rating} />
        {link && <Link to={pageLinks.seller(seller.id)}>{t('browse.sellerPageLink')}</Link>}
      </div>
    </div>
  );
}

/** Stars filled to the average with "4.3 out of 5 · 12 reviews" beside them, or "No reviews yet". */
export function RatingSummaryLine({ rating }: { rating: RatingSummary }) {
  const { t } = useI18n();
  if (rating.average === null || rating.count === 0) {
    return <p className="mb-1 small text-body-secondary">{t('rating.none')}</p>;
  }
  return (
    <p className="mb-1 seller-rating">
      <RatingStars rating={rating} />
    </p>
  );
}
