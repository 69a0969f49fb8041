import type { OrderStatus, OrderSummary } from '@marketplace/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { useCatalogueFormat } from '../../lib/format';

const ENDED_BADLY: readonly OrderStatus[] = ['declined', 'withdrawn', 'expired', 'lapsed', 'cancelled', 'disputed'];

/** What a person wrote, isolated in a line of the page's language (`<bdi>`); the language tests leave it be. */
const UserText = ({ children }: { children: string }) => (
  <bdi dir="auto" data-user-content="">
    {children}
  </bdi>
);

/** The order's own page (/orders/:id, the order page's area). */
export const orderLink = (id: number) => `/orders/${id}`;

/**
 * One order in My purchases, My sales or the history: the listing's photo and title (the link to
 * the order), the other party, the price and units, the state and when it last changed.
 */
export function OrderRow({ order }: { order: OrderSummary }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const titleId = useId();
  // The other party's name as they wrote it, kept in its own direction within the line.
  const other =
    order.role === 'buyer'
      ? richText(t, 'orders.sellerIs', { name: <UserText>{order.seller.name}</UserText> })
      : richText(t, 'orders.buyerIs', { name: <UserText>{order.buyer.name}</UserText> });
  const badge =
    order.status === 'completed'
      ? 'text-bg-success'
      : ENDED_BADLY.includes(order.status)
        ? 'text-bg-secondary'
        : 'text-bg-info';
  return (
    <li className="list-group-item order-row" aria-labelledby={titleId}>
      {order.listing.thumb ? (
        <img src={order.listing.thumb} alt="" width={64} height={64} className="rounded order-thumb" />
      ) : (
        <div className="rounded order-thumb bg-body-tertiary" aria-hidden="true" />
      )}
      <div className="flex-grow-1 min-w-0">
        <h3 className="h6 mb-1 text-break">
          <Link id={titleId} to={orderLink(order.id)} dir="auto" data-user-content="">
            {order.listing.title}
          </Link>
        </h3>
        <p className="mb-1 small" dir="auto">
          {other}
        </p>
        <p className="mb-1">
          <span className="fw-semibold">{format.price(order.total_fils)}</span>
          {' · '}
          <span className="text-body-secondary">{t('orders.quantity', { count: order.quantity })}</span>
        </p>
        <p className="small text-body-secondary mb-0">
          <span className={`badge ${badge} me-2`} title={t('orders.state')}>
            {t('order.page.state', { status: order.status })}
          </span>
          {t('orders.changed', { age: format.age(order.updated_at) })}
        </p>
      </div>
    </li>
  );
}
