import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useUnreadCount } from '../features/notifications/api/unread-count';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { useDisclosure } from './use-disclosure';
import { withPageAreaMessages } from '../lib/i18n/load-catalogue';

const loadMenu = () => withPageAreaMessages(import('../features/notifications/components/notification-menu'));
/** The dropdown's code and its list load when it is first wanted, not with every page. */
const NotificationMenu = lazy(() =>
  loadMenu().then(
    (module) => ({ default: module.NotificationMenu }),
    // The bell must not take the page down with it: the full list is one link away.
    (error: unknown) => {
      console.error('The notifications menu could not be loaded:', error);
      return { default: MenuUnavailable };
    },
  ),
);
/** Pointing at or focusing the bell starts the download, so the list is usually ready when it opens. */
const preloadMenu = () => void loadMenu().catch(() => undefined);

interface MenuProps {
  onNavigate: () => void;
}

function MenuUnavailable({ onNavigate }: MenuProps) {
  const { t } = useI18n();
  return (
    <div className="px-3 py-2">
      <p className="text-danger mb-1">{t('notifications.loadFailed')}</p>
      <Link to={paths.notifications} onClick={onNavigate}>
        {t('notifications.seeAll')}
      </Link>
    </div>
  );
}

/** The badge's text: the count, and 99+ beyond, which is all a badge has room for. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** A bell, drawn in the text's colour. */
export function BellIcon() {
  return (
    <svg className="bell-icon" viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2M8 1.92l-.8.16A4 4 0 0 0 4 6c0 .63-.13 2.2-.46 3.74-.16.77-.38 1.57-.67 2.26h10.26c-.29-.69-.5-1.49-.67-2.26C12.13 8.2 12 6.63 12 6a4 4 0 0 0-3.2-3.92zM14.22 12q.22.45.53.75H1.25q.31-.3.53-.75C2.45 10.66 3 7.88 3 6c0-2.42 1.72-4.44 4-4.9a1 1 0 1 1 2 0A5 5 0 0 1 13 6c0 1.88.55 4.66 1.22 6"
      />
    </svg>
  );
}

/**
 * Says a rise of the unread count to screen readers (a live region), as it arrives; not the count
 * the page opened with, which the bell's name already carries.
 */
export function UnreadAnnouncer({
  count,
  label = 'notifications',
}: {
  count: number | undefined;
  /** What is unread: notifications (the bell) or messages (chat's link). */
  label?: 'notifications' | 'messages';
}) {
  const { t } = useI18n();
  const [previous, setPrevious] = useState(count);
  const [announced, setAnnounced] = useState<number>();
  if (count !== previous) {
    setPrevious(count);
    if (count !== undefined && previous !== undefined && count > previous) setAnnounced(count);
  }
  return (
    <span className="visually-hidden" role="status">
      {announced === undefined
        ? ''
        : label === 'messages'
          ? t('chat.unreadCount', { count: announced })
          : t('notifications.unreadCount', { count: announced })}
    </span>
  );
}

/**
 * The header's bell (wide screens): its name and badge say how many unread ones came since the user
 * last opened the list, kept live by the user's private channel; it opens a dropdown of the latest
 * ten, which clears the badge (a disclosure: Escape closes it and returns focus, the arrow keys move
 * through it).
 */
export function NotificationBell() {
  const { open, toggle, close, rootProps, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();
  const { data } = useUnreadCount(true);
  const count = data ?? 0;
  const { t } = useI18n();
  return (
    <div className="dropdown notification-bell" {...rootProps}>
      <button
        type="button"
        className="btn notification-bell-button"
        onClick={toggle}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        aria-label={t('notifications.bell', { count })}
        {...buttonProps}
      >
        <BellIcon />
        {count > 0 && (
          <span className="badge rounded-pill text-bg-danger notification-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
      </button>
      <UnreadAnnouncer count={data} />
      <div className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`} data-bs-popper="static" {...panelProps}>
        {open && (
          <Suspense
            fallback={
              <p className="px-3 py-2 mb-0" role="status">
                {t('notifications.menuLoading')}
              </p>
            }
          >
            <NotificationMenu onNavigate={() => close()} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
