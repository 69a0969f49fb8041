import { SUPPORT_STATE_NAMES, SUPPORT_TOPIC_NAMES, type SupportState } from '@marketplace/contracts/support-essentials';
import type { SupportQueueRow } from '@marketplace/contracts/support';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { LoadMore } from '../paged-list';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { useLiveSupport, useSupportQueue } from './support-desk-api';
import { ASSIGNEE_FILTERS, QUEUE_TABS } from './support-words';
import './support-desk.css';

/**
 * /admin/support (issue 30): the tickets, newest first, open ones or one state's, anyone's, mine or
 * nobody's; each with its state, topic, who wrote and who has it. Live on the staff channel.
 */
export function SupportQueuePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.support.title'));
  const [searchParams] = useSearchParams();
  const state = QUEUE_TABS.some((tab) => tab.state === searchParams.get('state'))
    ? (searchParams.get('state') ?? 'open')
    : 'open';
  const assignee = ASSIGNEE_FILTERS.some((filter) => filter.value === searchParams.get('assignee'))
    ? (searchParams.get('assignee') ?? '')
    : '';
  const queue = useSupportQueue(state, assignee);
  useLiveSupport();
  const counts = queue.data?.pages[0]?.counts;
  const rows = queue.data?.pages.flatMap((page) => page.data) ?? [];
  const link = (next: { state?: string; assignee?: string }) => {
    const params = new URLSearchParams();
    const s = next.state ?? state;
    const a = next.assignee ?? assignee;
    if (s !== 'open') params.set('state', s);
    if (a) params.set('assignee', a);
    const query = params.toString();
    return query ? `${staffPaths.support}?${query}` : staffPaths.support;
  };

  return (
    <section aria-labelledby="support-title">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h1 id="support-title" className="h3">
          {t('admin.support.title')}
        </h1>
        <Link to={staffPaths.supportCanned}>{t('admin.support.canned')}</Link>
      </div>
      <nav aria-label={t('admin.support.title')} className="mb-2">
        <ul className="nav nav-pills support-desk-tabs">
          {QUEUE_TABS.map((tab) => {
            const current = tab.state === state;
            const count =
              counts && tab.state !== 'open'
                ? counts[tab.state as SupportState]
                : counts
                  ? counts.new + counts.waiting_staff + counts.waiting_user
                  : undefined;
            return (
              <li key={tab.state} className="nav-item">
                <Link
                  to={link({ state: tab.state })}
                  className={`nav-link${current ? ' active' : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {t(tab.label)}
                  {count !== undefined && <span className="badge text-bg-light ms-1">{count}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ul className="nav nav-underline mb-3">
        {ASSIGNEE_FILTERS.map((filter) => (
          <li key={filter.value} className="nav-item">
            <Link
              to={link({ assignee: filter.value })}
              className={`nav-link${filter.value === assignee ? ' active' : ''}`}
              aria-current={filter.value === assignee ? 'page' : undefined}
            >
              {t(filter.label)}
            </Link>
          </li>
        ))}
      </ul>
      {queue.isError ? (
        <LoadFailed message={t('support.loadFailed')} onRetry={() => void queue.refetch()} />
      ) : queue.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="py-4">{t('admin.support.empty')}</p>
      ) : (
        <>
          <ol className="list-group mb-3" aria-label={t('admin.support.title')}>
            {rows.map((row) => (
              <QueueRow key={row.id} row={row} />
            ))}
          </ol>
          <LoadMore pages={queue} label={t('admin.moderation.loadMore')} />
        </>
      )}
    </section>
  );
}

function QueueRow({ row }: { row: SupportQueueRow }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <span className="badge text-bg-secondary">{t(SUPPORT_STATE_NAMES[row.state])}</span>
        <Link to={staffPaths.supportTicket(row.id)} className="fw-semibold text-break">
          #{row.id} <UserText>{row.subject}</UserText>
        </Link>
      </div>
      <div className="small text-body-secondary">
        {t(SUPPORT_TOPIC_NAMES[row.topic])} · <UserText>{row.requester}</UserText> ·{' '}
        <time dateTime={row.updated_at}>{format.dateTime(row.updated_at)}</time>
        {row.assignee && (
          <>
            {' '}
            · {t('admin.support.assignee')}: <UserText>{row.assignee.name}</UserText>
          </>
        )}
      </div>
    </li>
  );
}
