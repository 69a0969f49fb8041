import { orderRoles, type OrderRole } from '@marketplace/contracts/orders-essentials';
import { INTL_LOCALES } from '@marketplace/contracts/i18n';
import { useId, useMemo, useState, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { useCatalogueFormat } from '../../lib/format';
import { useLiveOrders, useOrderHistory, useOrderTotals } from './api/order-lists';
import { OrderRow } from './order-row';
import './orders.css';
import { LoadFailed, Loading } from '../../components/list-states';

const ROLE_LABELS = { all: 'orders.roleAll', buyer: 'orders.roleBuyer', seller: 'orders.roleSeller' } as const;

const roleOf = (value: string | null): OrderRole | undefined => orderRoles.find((role) => role === value);

/** Completed orders' totals per month: spent as buyer, earned as seller, in the user's time zone. */
function MonthTotals() {
  const { t, locale } = useI18n();
  const format = useCatalogueFormat();
  const totals = useOrderTotals();
  const headingId = useId();
  const { monthName, money } = useMemo(() => {
    const intl = INTL_LOCALES[locale];
    const months = new Intl.DateTimeFormat(intl, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    // A total of nothing is "AED 0", not a price's "Free".
    const zero = new Intl.NumberFormat(intl, { style: 'currency', currency: 'AED', maximumFractionDigits: 0 }).format(
      0,
    );
    return {
      monthName: (month: string) => months.format(new Date(`${month}-01T00:00:00Z`)),
      money: (fils: number) => (fils === 0 ? zero : format.price(fils)),
    };
  }, [locale, format]);
  if (!totals.data) return null;
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h5 mb-2">
        {t('orders.monthTotals')}
      </h2>
      {totals.data.data.length === 0 ? (
        <p className="text-body-secondary">{t('orders.noTotals')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm order-totals mb-1" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('orders.month')}</th>
                <th scope="col">{t('orders.spent')}</th>
                <th scope="col">{t('orders.earned')}</th>
              </tr>
            </thead>
            <tbody>
              {totals.data.data.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{monthName(month.month)}</th>
                  <td>
                    {money(month.spent_fils)}
                    <span className="d-block small text-body-secondary">
                      {t('orders.boughtCount', { count: month.bought })}
                    </span>
                  </td>
                  <td>
                    {money(month.earned_fils)}
                    <span className="d-block small text-body-secondary">
                      {t('orders.boughtCount', { count: month.sold })}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="small text-body-secondary">{t('orders.totalsNote', { zone: totals.data.time_zone })}</p>
    </section>
  );
}

/**
 * /account/orders/history (area user-orders-history): finished orders as buyer and seller, newest
 * first, searchable by the listing's title or the other party's name, one side or both, with the
 * totals per month. The search and the side are in the address.
 */
export function OrdersHistoryPage() {
  const { t } = useI18n();
  const user = useCurrentUser();
  useLiveOrders(user.data?.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const role = roleOf(searchParams.get('role'));
  const q = (searchParams.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  const list = useOrderHistory(role, q);
  const searchId = useId();
  const listId = useId();
  const orders = list.data?.pages.flatMap((page) => page.data) ?? [];

  const addressFor = (next: { role?: OrderRole | undefined; q?: string }) => {
    const query = new URLSearchParams();
    if (next.role) query.set('role', next.role);
    if (next.q) query.set('q', next.q);
    const text = query.toString();
    return text ? `${paths.ordersHistory}?${text}` : paths.ordersHistory;
  };
  const search = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (role) next.set('role', role);
    if (typed.trim()) next.set('q', typed.trim());
    setSearchParams(next);
  };

  return (
    <div className="orders-page mx-auto">
      <h1 className="h3 mb-3">{t('orders.history')}</h1>
      <MonthTotals />
      <h2 id={listId} className="h5 mb-2">
        {t('orders.finishedOrders')}
      </h2>
      <form role="search" className="d-flex gap-2 mb-2" onSubmit={search}>
        <label htmlFor={searchId} className="visually-hidden">
          {t('orders.searchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          placeholder={t('orders.searchLabel')}
          value={typed}
          maxLength={100}
          dir="auto"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t('orders.searchButton')}
        </button>
      </form>
      <nav aria-label={t('orders.roleFilter')} className="mb-3">
        <ul className="nav nav-pills">
          {(['all', ...orderRoles] as const).map((filter) => {
            const current = (role ?? 'all') === filter;
            return (
              <li key={filter} className="nav-item">
                <Link
                  to={addressFor({ role: filter === 'all' ? undefined : filter, q })}
                  className={`nav-link${current ? ' active' : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {t(ROLE_LABELS[filter])}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {list.isError ? (
        <LoadFailed message={t('orders.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : orders.length === 0 ? (
        <p className="text-center py-4">{q ? t('orders.historyNoMatch', { q }) : t('orders.historyEmpty')}</p>
      ) : (
        <>
          <ul className="list-group mb-3" aria-labelledby={listId}>
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('orders.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
