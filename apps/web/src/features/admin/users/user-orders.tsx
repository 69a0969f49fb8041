import type { AdminUserOrder } from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { Link } from 'react-router';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { staffPaths } from '../staff-paths';
import { ListTable } from './section';
import { iso } from './user-words';

/**
 * A person's orders on one side: the listing, the other side (the seller of a purchase, the buyer of
 * a sale), the state, the amount.
 */
export function Orders({ orders, side }: { orders: AdminUserOrder[]; side: 'purchases' | 'sales' }) {
  const { t } = useI18n();
  const other = t(side === 'purchases' ? 'admin.users.column.seller' : 'admin.users.column.buyer');
  const format = useCatalogueFormat();
  return (
    <ListTable
      columns={[
        t('admin.users.column.listing'),
        other,
        t('admin.users.column.state'),
        t('admin.users.column.amount'),
        t('admin.users.column.created'),
      ]}
    >
      {orders.map((order) => (
        <tr key={order.id}>
          <td className="text-break" dir="auto" data-user-content="">
            {order.listing.title || t('admin.users.untitled')}
          </td>
          <td className="text-break" dir="auto" data-user-content="">
            <Link to={staffPaths.user(order.other.id)}>{order.other.name || t('admin.users.deletedName')}</Link>
          </td>
          <td>{t(`order.status.${order.status}` as MessageKey) || order.status}</td>
          <td>{format.price(order.amount_fils)}</td>
          <td>{format.date(iso(order.created_at))}</td>
        </tr>
      ))}
    </ListTable>
  );
}
