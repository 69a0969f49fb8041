import type { Order } from '@marketplace/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks, paths } from '../../lib/paths';

/**
 * How a request that lost the race ended (decision 028): why, in the reader's words, and for the
 * buyer what to do next (order what is left, or look for the listing again or for similar ones).
 */
export function OrderEnding({ order }: { order: Order }) {
  const { t } = useI18n();
  const headingId = useId();
  if (order.status !== 'lapsed') return null;
  const lapse = order.timeline.findLast((event) => event.action === 'lapse');
  const available = typeof lapse?.data.available === 'number' ? lapse.data.available : 0;
  const listing = pageLinks.listing(order.listing.id, order.listing.slug);
  return (
    <section aria-labelledby={headingId} className="alert alert-secondary order-ending mt-3">
      <h2 id={headingId} className="h5">
        {t('order.ending.lapsedTitle')}
      </h2>
      {order.role === 'buyer' ? (
        <>
          <p>{t('order.ending.lapsedBuyer', { available, quantity: order.quantity })}</p>
          <ul className="mb-0">
            <li>
              <Link className="alert-link" to={listing}>
                {t(available > 0 ? 'order.ending.orderWhatIsLeft' : 'order.ending.seeListing')}
              </Link>
            </li>
            <li>
              <Link className="alert-link" to={`${paths.search}?${new URLSearchParams({ q: order.listing.title })}`}>
                {t('order.ending.findSimilar')}
              </Link>
            </li>
          </ul>
        </>
      ) : (
        <p className="mb-0">{t('order.ending.lapsedSeller')}</p>
      )}
    </section>
  );
}
