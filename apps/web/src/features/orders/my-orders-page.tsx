import type { OrderRole, OrderSummary } from '@marketplace/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useLiveOrders, useOpenOrders, useOrderHistory } from './api/order-lists';
import { OrderRow } from './order-row';
import './orders.css';
import { FirstVisitVideo } from '../../components/first-visit-video';
import { LoadFailed, Loading } from '../../components/list-states';

const TEXTS = {
  buyer: {
    title: 'orders.myPurchases',
    none: 'orders.noPurchases',
    noneText: 'orders.noPurchasesText',
  },
  seller: {
    title: 'orders.mySales',
    none: 'orders.noSales',
    noneText: 'orders.noSalesText',
  },
} as const;

function OrderGroup({ heading, empty, orders }: { heading: string; empty: string; orders: OrderSummary[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h5 mb-2">
        {heading} <span className="badge text-bg-light border">{orders.length}</span>
      </h2>
      {orders.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <ul className="list-group" aria-labelledby={headingId}>
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * My purchases (area my-purchase) or My sales (my-sales): the orders under way, those that need
 * the user's action first, then those waiting for the other party; live on the user's channel.
 */
function MyOrders({ role }: { role: OrderRole }) {
  const { t } = useI18n();
  const user = useCurrentUser();
  const list = useOpenOrders(role);
  useLiveOrders(user.data?.id);
  const texts = TEXTS[role];
  const empty = list.data && list.data.action_needed.length === 0 && list.data.waiting.length === 0;

  return (
    <div className="orders-page mx-auto">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t(texts.title)}</h1>
        <Link to={paths.ordersHistory}>{t('orders.seeHistory')}</Link>
      </div>
      {list.isError ? (
        <LoadFailed message={t('orders.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : empty ? (
        <div className="empty-state">
          <FirstVisitVideo />
          <p className="mb-1">{t(texts.none)}</p>
          <p className="text-body-secondary">{t(texts.noneText)}</p>
          {role === 'buyer' && <Link to={paths.search}>{t('orders.browse')}</Link>}
        </div>
      ) : (
        <>
          <OrderGroup
            heading={t('orders.needsAction')}
            empty={t('orders.nothingNeedsAction')}
            orders={list.data.action_needed}
          />
          <OrderGroup heading={t('orders.waiting')} empty={t('orders.nothingWaiting')} orders={list.data.waiting} />
        </>
      )}
      {role === 'buyer' && <RecentlyLapsed />}
    </div>
  );
}

/** How long My purchases keeps a request another order beat beside those under way (decision 028). */
const LAPSED_SHOWN_MS = 7 * 24 * 3600 * 1000;

/** The buyer's requests of the last days that another order beat: they end, they do not just vanish. */
function RecentlyLapsed() {
  const { t } = useI18n();
  const history = useOrderHistory('buyer', '');
  const [since] = useState(() => Date.now() - LAPSED_SHOWN_MS);
  const lapsed = (history.data?.pages[0]?.data ?? []).filter(
    (order) => order.status === 'lapsed' && Date.parse(order.updated_at) >= since,
  );
  if (lapsed.length === 0) return null;
  return <OrderGroup heading={t('orders.lapsed')} empty="" orders={lapsed} />;
}

/** /account/purchases: what I ordered, under way. */
export function MyPurchasesPage() {
  return <MyOrders role="buyer" />;
}

/** /account/sales: orders for my listings, under way. */
export function MySalesPage() {
  return <MyOrders role="seller" />;
}
