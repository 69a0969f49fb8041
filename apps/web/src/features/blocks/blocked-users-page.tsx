import type { BlockedUser } from '@marketplace/contracts';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks } from '../../lib/paths';
import { useCatalogueFormat } from '../../lib/format';
import { useBlockedUsers, useChangeBlock } from '../../lib/api/blocks';
import { LoadFailed, Loading } from '../../components/list-states';

/** /account/blocked: the people the user blocked, newest first, each with Unblock. */
export function BlockedUsersPage() {
  const { t } = useI18n();
  const list = useBlockedUsers();
  return (
    <div className="mx-auto" style={{ maxWidth: '48rem' }}>
      <h1 className="h3 mb-2">{t('blocked.title')}</h1>
      <p className="text-body-secondary">{t('blocked.intro')}</p>
      {list.isError ? (
        <LoadFailed message={t('blocked.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p className="py-4 text-center">{t('blocked.empty')}</p>
      ) : (
        <ul className="list-group" aria-label={t('blocked.title')}>
          {list.data.map((entry) => (
            <BlockedRow key={entry.user.id} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BlockedRow({ entry }: { entry: BlockedUser }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const change = useChangeBlock();
  const { user } = entry;
  return (
    <li className="list-group-item d-flex align-items-center gap-3">
      <Avatar src={user.avatar} alt="" size={40} />
      <div className="flex-grow-1 min-w-0">
        <Link to={pageLinks.seller(user.id)} className="fw-semibold text-break" dir="auto" data-user-content="">
          {user.name}
        </Link>
        <div className="small text-body-secondary">{t('blocked.since', { date: format.date(entry.blocked_at) })}</div>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={change.isPending}
        aria-label={`${t('block.unblock')} ${user.name}`}
        onClick={() => change.mutate({ user, block: false })}
      >
        {t('block.unblock')}
      </button>
    </li>
  );
}
