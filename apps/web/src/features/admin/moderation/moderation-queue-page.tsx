import {
  moderationTargetTypes,
  type ModerationQueue,
  type ModerationTargetType,
  type QueueItem,
} from '@marketplace/contracts/staff';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { richText } from '../../../lib/i18n/rich-text';
import { LoadMore } from '../paged-list';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { useLiveQueue, useModerationQueue } from './api/moderation';
import { reportReasonWords, TARGET_TYPE_NAMES } from './moderation-words';
import './moderation.css';

const TABS: readonly { type: ModerationTargetType | undefined; label: MessageKey }[] = [
  { type: undefined, label: 'admin.moderation.tab.all' },
  { type: 'listing', label: 'admin.moderation.tab.listing' },
  { type: 'conversation', label: 'admin.moderation.tab.conversation' },
  { type: 'user', label: 'admin.moderation.tab.user' },
];

const typeFrom = (value: string | null): ModerationTargetType | undefined =>
  moderationTargetTypes.find((type) => type === value);

const countOf = (counts: ModerationQueue['counts'] | undefined, type: ModerationTargetType | undefined) =>
  counts === undefined ? undefined : type ? counts[type] : counts.listing + counts.conversation + counts.user;

/**
 * /admin/moderation (issue 29): what was reported, one row per target, the most reported first and
 * then the longest waiting; a tab per type with its open reports. It follows the staff channel, so a
 * new report or another moderator's action shows without a reload.
 */
export function ModerationQueuePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.moderation.title'));
  const [searchParams] = useSearchParams();
  const type = typeFrom(searchParams.get('type'));
  const queue = useModerationQueue(type);
  useLiveQueue();
  const counts = queue.data?.pages[0]?.counts;
  const items = queue.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section className="moderation-queue" aria-labelledby="moderation-title">
      <h1 id="moderation-title" className="h3">
        {t('admin.moderation.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.moderation.intro')}</p>
      <nav aria-label={t('admin.moderation.tabs')} className="mb-3">
        <ul className="nav nav-pills moderation-tabs">
          {TABS.map((tab) => {
            const current = tab.type === type;
            const count = countOf(counts, tab.type);
            return (
              <li key={tab.label} className="nav-item">
                <Link
                  to={tab.type ? `${staffPaths.moderation}?type=${tab.type}` : staffPaths.moderation}
                  className={`nav-link${current ? ' active' : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {t(tab.label)}
                  {count !== undefined && (
                    <>
                      {' '}
                      <span className="badge text-bg-light" aria-hidden="true">
                        {count}
                      </span>
                      <span className="visually-hidden">({t('admin.moderation.tabCount', { count })})</span>
                    </>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {queue.isError ? (
        <LoadFailed message={t('admin.moderation.loadFailed')} onRetry={() => void queue.refetch()} />
      ) : queue.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="py-4">{t(type ? 'admin.moderation.emptyType' : 'admin.moderation.empty')}</p>
      ) : (
        <>
          <ol className="list-group mb-3" aria-label={t('admin.moderation.listLabel')}>
            {items.map((item) => (
              <QueueRow key={`${item.type}-${item.id}`} item={item} />
            ))}
          </ol>
          <LoadMore pages={queue} label={t('admin.moderation.loadMore')} />
        </>
      )}
    </section>
  );
}

/** One reported target: what and whose it is, how many reports and why, and how long the oldest has waited. */
function QueueRow({ item }: { item: QueueItem }) {
  const i18n = useI18n();
  const { t } = i18n;
  const format = useCatalogueFormat();
  const oldest = new Date(item.oldest_report_at).toISOString();
  const reasons = item.reasons.map((reason) => ({ reason, words: reportReasonWords(i18n, item.type, reason) }));
  return (
    <li className="list-group-item moderation-row">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <span className="badge text-bg-secondary">{t(TARGET_TYPE_NAMES[item.type])}</span>
        <Link
          to={staffPaths.moderationTarget(item.type, item.id)}
          className="moderation-row-title fw-semibold text-break"
        >
          <UserText>{item.title}</UserText>
        </Link>
        <span className="badge text-bg-danger ms-auto">
          {t('admin.moderation.openReports', { count: item.open_reports })}
        </span>
      </div>
      <p className="small text-body-secondary mb-1">
        {item.type !== 'user' && (
          <>
            <bdi>
              {richText(t, 'admin.moderation.owner', {
                name: item.owner ? <UserText>{item.owner.name}</UserText> : t('admin.moderation.deletedAccount'),
              })}
            </bdi>
            {' · '}
          </>
        )}
        <time dateTime={oldest}>{t('admin.moderation.oldest', { age: format.age(oldest) })}</time>
      </p>
      {reasons.length > 0 && (
        <ul className="moderation-reasons" aria-label={t('admin.moderation.reasons')}>
          {reasons.map(({ reason, words }) => (
            <li
              key={reason}
              className="badge text-bg-light text-wrap text-break"
              dir={words ? undefined : 'auto'}
              data-user-content={words ? undefined : ''}
            >
              {words ?? reason}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
