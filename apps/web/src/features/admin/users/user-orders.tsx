import type { AdminUser } from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { Link } from 'react-router';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { staffPaths } from '../staff-paths';
import { Section } from './section';
import { iso } from './user-words';

/** A person's latest purchases and sales: the listing, the other side, the state, the amount. */
export function UserOrders({ user }: { user: AdminUser }) {
  const { t } = useI18n();
  return (
    <>
      <Section title={t('admin.users.purchasesTitle', { count: user.purchases.total })}>
        <Orders
          orders={user.purchases.data}
          other={t('admin.users.column.seller')}
          empty={t('admin.users.noPurchases')}
        />
      </Section>
      <Section title={t('admin.users.salesTitle', { count: user.sales.total })}>
        <Orders orders={user.sales.data} other={t('admin.users.column.buyer')} empty={t('admin.users.noSales')} />
      </Section>
    </>
  );
}

function Orders({ orders, other, empty }: { orders: AdminUser['purchases']['data']; other: string; empty: string }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  if (orders.length === 0) return <p>{empty}</p>;
  return (
    <div className="staff-table-wrap">
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">{t('admin.users.column.listing')}</th>
            <th scope="col">{other}</th>
            <th scope="col">{t('admin.users.column.state')}</th>
            <th scope="col">{t('admin.users.column.amount')}</th>
            <th scope="col">{t('admin.users.column.created')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className="text-break" dir="auto">
                {order.listing.title || t('admin.users.untitled')}
              </td>
              <td className="text-break" dir="auto">
                <Link to={staffPaths.user(order.other.id)}>{order.other.name || t('admin.users.deletedName')}</Link>
              </td>
              <td>{t(`order.status.${order.status}` as MessageKey) || order.status}</td>
              <td>{format.price(order.amount_fils)}</td>
              <td>{format.date(iso(order.created_at))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
