import type { AdminUser, AdminUserOrder } from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { Link } from 'react-router';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { staffPaths } from '../staff-paths';
import { ListSection } from './section';
import { iso } from './user-words';

/** A person's orders on both sides, each a list of the page: the listing, the other side, the state, the amount. */
export function UserOrders({ user, asOf }: { user: AdminUser; asOf: number }) {
  const { t } = useI18n();
  return (
    <>
      <ListSection
        user={user}
        asOf={asOf}
        list="purchases"
        title={(count) => t('admin.users.purchasesTitle', { count })}
        empty={t('admin.users.noPurchases')}
      >
        {(orders) => <Orders orders={orders} other={t('admin.users.column.seller')} />}
      </ListSection>
      <ListSection
        user={user}
        asOf={asOf}
        list="sales"
        title={(count) => t('admin.users.salesTitle', { count })}
        empty={t('admin.users.noSales')}
      >
        {(orders) => <Orders orders={orders} other={t('admin.users.column.buyer')} />}
      </ListSection>
    </>
  );
}

function Orders({ orders, other }: { orders: AdminUserOrder[]; other: string }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
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
