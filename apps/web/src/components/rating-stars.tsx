import type { RatingSummary } from '@marketplace/contracts';
import { useI18n } from '../lib/i18n/i18n-store';
import { useCatalogueFormat } from '../lib/format';
import './rating-stars.css';

const FIVE = '★★★★★';

/**
 * Five stars filled to `value` of 5 (4.5 fills four and a half), from the reading side: the filled
 * layer starts at the line's start, so in Arabic it fills from the right. Drawn with text only,
 * the same width whatever the value, so nothing moves when it renders. Decorative: the caller's
 * text alternative says the value.
 */
function StarBar({ value }: { value: number }) {
  const filled = Math.max(0, Math.min(5, value)) * 20;
  return (
    <span className="rating-stars" aria-hidden="true">
      <span className="rating-stars-off">{FIVE}</span>
      <span className="rating-stars-on" style={{ width: `${filled}%` }}>
        {FIVE}
      </span>
    </span>
  );
}

/**
 * A user's rating as stars with its text alternative ("4.5 out of 5, 12 reviews"); `compact` adds
 * the average and the count beside the stars (a card), otherwise "4.5 out of 5 · 12 reviews" is
 * written out beside them (a seller's card). Nothing without reviews: `RatingSummaryLine` says "No reviews yet" where it matters.
 */
export function RatingStars({ rating, compact = false }: { rating: RatingSummary; compact?: boolean }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  if (rating.average === null || rating.count === 0) return null;
  const average = format.number(rating.average);
  if (compact) {
    return (
      <span
        className="rating-summary"
        role="img"
        aria-label={t('rating.starsSummary', { average, count: rating.count })}
      >
        <StarBar value={rating.average} />{' '}
        <span aria-hidden="true">
          {average} ({format.number(rating.count)})
        </span>
      </span>
    );
  }
  return (
    <span className="rating-summary">
      <StarBar value={rating.average} /> <span>{t('rating.summary', { average, count: rating.count })}</span>
    </span>
  );
}

/** One review's whole stars, with "4 out of 5 stars" for those who do not see them. */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useI18n();
  return (
    <span className="rating-summary" role="img" aria-label={t('rating.stars', { rating })}>
      <StarBar value={rating} />
    </span>
  );
}
