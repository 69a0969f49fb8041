import type { Notification } from '@marketplace/contracts';
import { NOTIFICATION_CATEGORY_LABELS } from '@marketplace/contracts/notifications-essentials';
import { Link, useSearchParams } from 'react-router';
import { useCatalogueFormat } from '../../lib/format';
import { useI18n } from '../../lib/i18n/i18n-store';
import { NotificationText } from './notification-text';
import { paths } from '../../lib/paths';
import { useNotificationPages } from './api/get-notifications';
import { useMarkAllRead, useMarkRead, useSeenUpTo } from './api/mark-read';
import { notificationHref } from './notification-href';
import './notifications.css';
import { LoadFailed, Loading } from '../../components/list-states';

const UNREAD_ONLY = `${paths.notifications}?unread=1`;

/**
 * /notifications: every notification, newest first, a page at a time; ?unread=1 shows the unread
 * ones. Opening it clears the bell's badge (the user has seen them); the unread ones stay highlighted.
 */
export function NotificationsPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const unreadOnly = searchParams.get('unread') === '1';
  const list = useNotificationPages(unreadOnly);
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  // Opening the page clears the bell's badge; each stays unread until opened or marked.
  useSeenUpTo(items[0]?.id);
  const filters = [
    { to: paths.notifications, label: t('notifications.filterAll'), current: !unreadOnly },
    { to: UNREAD_ONLY, label: t('notifications.filterUnread'), current: unreadOnly },
  ];

  return (
    <div className="notifications-page mx-auto">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('notifications.title')}</h1>
        <Link to={paths.notificationSettings}>{t('notifications.settings')}</Link>
      </div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <nav aria-label={t('notifications.filter')}>
          <ul className="nav nav-pills">
            {filters.map(({ to, label, current }) => (
              <li key={to} className="nav-item">
                <Link
                  to={to}
                  className={`nav-link${current ? ' active' : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={!items.some((notification) => notification.read_at === null) || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      {list.isError ? (
        <LoadFailed message={t('notifications.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <div className="empty-state">
          {unreadOnly ? (
            <>
              <p>{t('notifications.allRead')}</p>
              <Link to={paths.notifications}>{t('notifications.seeAll')}</Link>
            </>
          ) : (
            <>
              <p className="mb-1">{t('notifications.noneYet')}</p>
              <p className="text-body-secondary">{t('notifications.emptyText')}</p>
              <Link to={paths.notificationSettings}>{t('notifications.settings')}</Link>
            </>
          )}
        </div>
      ) : (
        <>
          <ul
            className="list-group mb-3"
            aria-label={unreadOnly ? t('notifications.filterUnread') : t('notifications.title')}
          >
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} />
            ))}
          </ul>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary w-100"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications.loadMore')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** One notification: what it says, when, and about what; unread ones can be marked read in place. */
function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const markRead = useMarkRead();
  const unread = notification.read_at === null;
  const titleId = `notification-${notification.id}-title`;
  return (
    <li className={`list-group-item notification-row${unread ? ' is-unread' : ''}`} aria-labelledby={titleId}>
      <span className="notification-dot" aria-hidden="true" />
      <div className="flex-grow-1 min-w-0">
        <Link
          id={titleId}
          to={notificationHref(notification)}
          className="notification-row-link text-break"
          onClick={() => {
            if (unread) markRead.mutate(notification);
          }}
        >
          <NotificationText text={notification.title} data={notification.data} />
        </Link>
        <p className="mb-1 text-break">
          <NotificationText text={notification.body} data={notification.data} />
        </p>
        <p className="small text-body-secondary mb-0">
          {unread && <span className="badge text-bg-primary me-2">{t('notifications.unread')}</span>}
          {t(NOTIFICATION_CATEGORY_LABELS[notification.category])} ·{' '}
          <time dateTime={notification.created_at}>{format.age(notification.created_at)}</time>
        </p>
      </div>
      {unread && (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary flex-shrink-0"
          disabled={markRead.isPending}
          aria-label={t('notifications.markReadOf', { title: notification.title })}
          onClick={() => markRead.mutate(notification)}
        >
          {t('notifications.markRead')}
        </button>
      )}
    </li>
  );
}
