import { Link } from 'react-router';
import { useCatalogueFormat } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { NotificationText } from '../notification-text';
import { paths } from '../../../lib/paths';
import { useLatestNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead, useSeenUpTo } from '../api/mark-read';
import { notificationHref } from '../notification-href';
import '../notifications.css';

/**
 * The bell's dropdown (its own chunk, fetched on the first open): the latest ten, each a link to
 * what it is about that marks it read, Mark all as read, and the ways on to the list and settings.
 * Opening it clears the badge (useSeenUpTo); the unread ones stay marked until opened.
 */
export function NotificationMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const latest = useLatestNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = latest.data?.data ?? [];
  useSeenUpTo(items[0]?.id);

  return (
    <div className="notification-menu-content">
      <div className="notification-menu-head">
        <p className="fw-semibold mb-0">{t('notifications.title')}</p>
        {items.some((notification) => notification.read_at === null) && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('notifications.markAllRead')}
          </button>
        )}
      </div>
      {latest.isError ? (
        <div className="px-3 py-2">
          <p className="text-danger mb-1">{t('notifications.loadFailed')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void latest.refetch()}>
            {t('routeError.tryAgain')}
          </button>
        </div>
      ) : latest.isPending ? (
        <p className="px-3 py-2 mb-0" role="status">
          {t('notifications.menuLoading')}
        </p>
      ) : items.length === 0 ? (
        <p className="px-3 py-3 mb-0 text-body-secondary">{t('notifications.noneYet')}</p>
      ) : (
        <ul className="list-unstyled mb-0 notification-menu-list">
          {items.map((notification) => {
            const unread = notification.read_at === null;
            return (
              <li key={notification.id}>
                <Link
                  className={`dropdown-item notification-menu-item${unread ? ' is-unread' : ''}`}
                  to={notificationHref(notification)}
                  onClick={() => {
                    if (unread) markRead.mutate(notification);
                    onNavigate();
                  }}
                >
                  <span className="notification-dot" aria-hidden="true" />
                  <span className="notification-menu-text">
                    <span className="notification-menu-title">
                      <NotificationText text={notification.title} data={notification.data} />
                    </span>
                    <span className="small text-body-secondary">
                      {unread && <span className="visually-hidden">{t('notifications.unread')} </span>}
                      <time dateTime={notification.created_at}>{format.age(notification.created_at)}</time>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <div className="notification-menu-foot">
        <Link className="dropdown-item" to={paths.notifications} onClick={onNavigate}>
          {t('notifications.seeAll')}
        </Link>
        <Link className="dropdown-item" to={paths.notificationSettings} onClick={onNavigate}>
          {t('notifications.settings')}
        </Link>
      </div>
    </div>
  );
}
