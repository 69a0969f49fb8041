import type { SellerProfile, UserReview } from '@marketplace/contracts';
import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useOlderReviews } from '../api/listings';
import { useCatalogueFormat } from '../../../lib/format';
import { ReviewStars } from '../../../components/rating-stars';

function Review({ review }: { review: UserReview }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <ReviewStars rating={review.rating} />
        <strong dir="auto" data-user-content="">
          {review.author.name}
        </strong>
        <span className="small text-body-secondary">
          {t(review.side === 'buyer' ? 'rating.fromBuyer' : 'rating.fromSeller')} · {format.date(review.created_at)}
        </span>
      </div>
      {review.text && (
        <p className="mb-0 mt-1 text-break" dir="auto" data-user-content="">
          {review.text}
        </p>
      )}
    </li>
  );
}

/** The seller page's reviews: the newest, which came with the seller, then older ones on request. */
export function SellerReviews({ seller }: { seller: SellerProfile }) {
  const { t } = useI18n();
  const headingId = useId();
  const [more, setMore] = useState(false);
  const older = useOlderReviews(seller.id, seller.reviews.at(-1)?.id, more);
  const olderReviews = older.data?.pages.flatMap((page) => page.data) ?? [];
  const shown = seller.reviews.length + olderReviews.length;
  const hasMore = more ? older.hasNextPage : seller.rating.count > seller.reviews.length;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h4 mb-3">
        {t('rating.reviews')}
      </h2>
      {seller.reviews.length === 0 ? (
        <p>{t('rating.none')}</p>
      ) : (
        <ul className="list-group mb-2" aria-labelledby={headingId}>
          {[...seller.reviews, ...olderReviews].map((review) => (
            <Review key={review.id} review={review} />
          ))}
        </ul>
      )}
      {older.isError && <p role="alert">{t('rating.loadFailed')}</p>}
      {hasMore && shown > 0 && (
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={older.isFetching}
          onClick={() => (more ? void older.fetchNextPage() : setMore(true))}
        >
          {t('rating.more')}
        </button>
      )}
    </section>
  );
}
