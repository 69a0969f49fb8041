import type { Order, OrderEvent } from '@marketplace/contracts';
import { ORDER_LIMITS, type OrderRole, type OrderStatus } from '@marketplace/contracts/orders-essentials';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { pageLinks } from '../../lib/paths';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCatalogueFormat } from '../../lib/format';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLiveOrder, useOrder, useOrderConversation } from './api/orders';
import { OrderActions } from './order-actions';
import { OrderEnding } from './order-ending';
import { ReviewCall } from './review-call';
import './orders.css';

/** /orders/:id (item-order): one order as its buyer or its seller sees it, kept live while open. */
export function OrderPage() {
  const id = Number(useParams().id);
  const { t } = useI18n();
  const { data: user } = useCurrentUser();
  const order = useOrder(id);
  useLiveOrder(user?.id, id);
  usePageTitle(order.data ? t('order.page.title', { id: order.data.id, title: order.data.listing.title }) : undefined);
  if (order.isError && isHttpError(order.error, 404)) return <NotFoundPage />;
  if (order.data) return <OrderView order={order.data} />;
  if (order.isError) return <p role="alert">{t('order.page.loadFailed')}</p>;
  return (
    <p className="visually-hidden" role="status">
      {t('shell.loading')}
    </p>
  );
}

function OrderView({ order }: { order: Order }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const headingIds = { details: useId(), other: useId(), timeline: useId(), reviews: useId() };
  const other = order.role === 'buyer' ? order.seller : order.buyer;
  const otherRole: OrderRole = order.role === 'buyer' ? 'seller' : 'buyer';
  const priceChanged = order.unit_price_fils !== order.listed_price_fils;
  const conversation = useOrderConversation(order.id).data;
  return (
    <div className="order-page">
      <h1 className="h3 text-break">
        {richText(t, 'order.page.title', {
          id: order.id,
          title: (
            <bdi dir="auto" data-user-content="">
              {order.listing.title}
            </bdi>
          ),
        })}
      </h1>
      <p className="order-status" role="status">
        <span className={`badge order-status-${order.status}`}>{t('order.page.state', { status: order.status })}</span>{' '}
        <span>{nextText(order, t)}</span>
        {order.deadline_at && (
          <>
            {' '}
            <time className="text-body-secondary" dateTime={order.deadline_at}>
              {t(deadlineKey(order), { when: format.dateTime(order.deadline_at) })}
            </time>
          </>
        )}
      </p>
      <OrderEnding order={order} />
      <ReviewCall order={order} />

      <div className="order-listing">
        {order.listing.thumb ? (
          <img src={order.listing.thumb} alt="" width={96} height={96} className="rounded order-thumb" />
        ) : (
          <div className="rounded order-thumb bg-body-tertiary" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2 className="h5 mb-1 text-break">
            <Link to={pageLinks.listing(order.listing.id, order.listing.slug)} dir="auto" data-user-content="">
              {order.listing.title}
            </Link>
          </h2>
          <p className="mb-0 text-body-secondary">
            {t(order.kind === 'offer' ? 'order.page.kindOffer' : 'order.page.kindBuy')}
          </p>
        </div>
      </div>

      <section aria-labelledby={headingIds.details} className="mt-4">
        <h2 id={headingIds.details} className="h5">
          {t('order.page.details')}
        </h2>
        <dl className="order-facts">
          <dt>{t(priceLabel(order))}</dt>
          <dd className="order-price">
            {format.price(order.unit_price_fils)}
            {priceChanged && (
              <span className="text-body-secondary ms-2">
                {t('order.page.listedAt', { price: format.price(order.listed_price_fils) })}
              </span>
            )}
            {order.kind === 'offer' && order.status === 'requested' && (
              <span className="d-block small text-body-secondary">
                {t('order.page.rounds', { used: order.rounds, max: ORDER_LIMITS.maxRounds })}
              </span>
            )}
          </dd>
          <dt>{t('order.field.quantity')}</dt>
          <dd>{format.number(order.quantity)}</dd>
          <dt>{t('order.field.deliveryMethod')}</dt>
          <dd>
            {order.delivery_method === 'pickup'
              ? t('order.page.pickup')
              : order.delivery_fee_fils
                ? t('order.page.delivery', { fee: format.price(order.delivery_fee_fils) })
                : t('order.page.deliveryFree')}
          </dd>
          {order.delivery_address && (
            <>
              <dt>{t('order.field.address')}</dt>
              <dd dir="auto" data-user-content="">
                {format.place([
                  order.delivery_address.flat_number,
                  order.delivery_address.building_name,
                  order.delivery_address.street_address,
                  order.delivery_address.area,
                  order.delivery_address.city,
                ])}
                <span className="d-block" dir="ltr">
                  {order.delivery_address.phone}
                </span>
              </dd>
            </>
          )}
          <dt>{t('order.page.total')}</dt>
          <dd className="fw-semibold">{format.price(order.total_fils)}</dd>
          {order.note && (
            <>
              <dt>{t('order.field.note')}</dt>
              <dd dir="auto" data-user-content="">
                {order.note}
              </dd>
            </>
          )}
          {order.reason && (
            <>
              <dt>{t('order.page.reasonOf', { action: reasonAction(order) })}</dt>
              <dd dir="auto" data-user-content="">
                {order.reason}
              </dd>
            </>
          )}
        </dl>
      </section>

      <OrderActions order={order} />

      <section aria-labelledby={headingIds.other} className="mt-4">
        <h2 id={headingIds.other} className="h5">
          {t(otherRole === 'seller' ? 'order.page.seller' : 'order.page.buyer')}
        </h2>
        <p className="mb-1">
          {otherRole === 'seller' ? (
            <Link to={pageLinks.seller(other.id)} dir="auto" data-user-content="">
              {other.name}
            </Link>
          ) : (
            <span dir="auto" data-user-content="">
              {other.name}
            </span>
          )}
        </p>
        {typeof conversation === 'number' && (
          <p className="mb-1">
            <Link to={pageLinks.conversation(conversation)}>{t('order.page.conversation', { role: otherRole })}</Link>
          </p>
        )}
        {order.contact ? (
          <ul className="list-unstyled order-contact">
            <li>
              <a href={`mailto:${order.contact.email}`} dir="ltr">
                {order.contact.email}
              </a>
            </li>
            {order.contact.phone && (
              <li>
                <a href={`tel:${order.contact.phone}`} dir="ltr">
                  {order.contact.phone}
                </a>
              </li>
            )}
          </ul>
        ) : (
          <p className="text-body-secondary small">{t('order.page.contactLater')}</p>
        )}
      </section>

      <section aria-labelledby={headingIds.timeline} className="mt-4">
        <h2 id={headingIds.timeline} className="h5">
          {t('order.page.timeline')}
        </h2>
        <ol className="order-timeline">
          {order.timeline.map((event) => (
            <TimelineEvent key={event.id} event={event} order={order} />
          ))}
        </ol>
      </section>

      {order.reviews.length > 0 && (
        <section aria-labelledby={headingIds.reviews} className="mt-4">
          <h2 id={headingIds.reviews} className="h5">
            {t('order.page.reviews')}
          </h2>
          <ul className="list-unstyled">
            {order.reviews.map((review) => (
              <li key={review.side} className="mb-2">
                <strong>
                  {t('order.review.by', {
                    who: review.side === order.role ? 'you' : review.side,
                    rating: review.rating,
                  })}
                </strong>
                {review.text && (
                  <p className="mb-0" dir="auto" data-user-content="">
                    {review.text}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** States in which no price was ever agreed: the page shows the last one proposed. */
const NEVER_AGREED: readonly OrderStatus[] = ['requested', 'declined', 'withdrawn', 'expired', 'lapsed'];

type T = ReturnType<typeof useI18n>['t'];

/**
 * A plain Buy is at the listed price: its price is the price. An offer's is proposed until agreed
 * (the last one proposed stays, once it ended unagreed).
 */
function priceLabel(order: Order) {
  if (order.kind === 'buy') return 'order.field.price' as const;
  return NEVER_AGREED.includes(order.status)
    ? ('order.page.currentPrice' as const)
    : ('order.page.agreedPrice' as const);
}

/** The step that wrote the order's reason: a note with a proposed price, or why it was declined, cancelled or disputed. */
function reasonAction(order: Order): string {
  return order.timeline.findLast((event) => typeof event.data.reason === 'string')?.action ?? 'other';
}

/** What happens next, for the reader: whose turn it is and what to do, or how it ended. */
function nextText(order: Order, t: T): string {
  if (order.status === 'requested') {
    return order.awaiting === order.role ? t('order.page.yourAnswer') : t('order.page.theirAnswer');
  }
  if (order.status === 'accepted') {
    return order.role === 'seller' ? t('order.page.handOverNext') : t('order.page.waitHandOver');
  }
  if (order.status === 'handed_over') {
    return order.role === 'buyer' ? t('order.page.confirmNext') : t('order.page.waitConfirm');
  }
  return t('order.page.next', { status: order.status, role: order.role, review: order.can_review ? 'yes' : 'no' });
}

function deadlineKey(order: Order) {
  if (order.status === 'requested') return 'order.page.expiresAt' as const;
  if (order.status === 'handed_over') return 'order.page.autoReceiptAt' as const;
  return 'order.page.completesAt' as const;
}

function TimelineEvent({ event, order }: { event: OrderEvent; order: Order }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const who = event.actor === null ? 'time' : event.actor === order.role ? 'you' : event.actor;
  const price = typeof event.data.price_fils === 'number' ? event.data.price_fils : null;
  return (
    <li className="order-event">
      <span className="fw-semibold">{t('order.event', { action: event.action, who })}</span>
      {event.action === 'counter' && price !== null && <span> · {format.price(price)}</span>}
      {typeof event.data.reason === 'string' && (
        <span className="d-block" dir="auto" data-user-content="">
          {event.data.reason}
        </span>
      )}
      <time className="d-block small text-body-secondary" dateTime={event.created_at}>
        {format.dateTime(event.created_at)}
      </time>
    </li>
  );
}
