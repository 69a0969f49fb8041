import { Link } from 'react-router';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useLiveMessages } from '../features/chat/api/unread-messages';
import { useLiveNotifications } from '../features/notifications/api/use-live-notifications';
import { SearchBox } from '../features/search-box/search-box';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { useIsMobile } from '../lib/use-media-query';
import { CategoriesMenu } from './categories-menu';
import { GuestLinks } from './guest-links';
import { LanguageSwitch } from './language-switch';
import { MessagesLink } from './messages-link';
import { MobileSubmenu } from './mobile-submenu';
import { NotificationBell } from './notification-bell';
import { UserProfileButton } from './user-profile-button';

/**
 * The site's mark and name and the Categories menu, then Sell (for everyone: /sell asks a visitor to log in),
 * the language switch and the account: the notification bell and the user-profile button when signed in,
 * Log in and Register when not, and the mobile submenu (which holds the switch) below the
 * breakpoint. The search field is a row of its own under that bar, at every width: on a phone it
 * stays in view rather than inside the menu, and between 600 and ~900 px the bar has no room left. Nothing shows for the account until the sign-in check answers, so a signed-in user
 * never sees Log in flash by.
 */
export function SiteHeader() {
  const { data: user } = useCurrentUser();
  const isMobile = useIsMobile();
  const { t } = useI18n();
  useLiveNotifications(user?.id);
  useLiveMessages(user?.id);
  return (
    <header className="site-header border-bottom bg-body-tertiary">
      <div className="container site-header-bar">
        <div className="d-flex align-items-center gap-2">
          <Link className="site-brand" to={paths.home}>
            {/* The mark is the favicon (docs/design.md): one file, cached once. */}
            <img className="site-brand-mark" src="/favicon.svg" alt="" width={32} height={32} />
            <span className="site-brand-name">{t('app.name')}</span>
          </Link>
          {!isMobile && <CategoriesMenu />}
        </div>
        {isMobile ? (
          <div className="d-flex align-items-center gap-2">
            <Link className="btn btn-primary site-header-sell" to={paths.sell}>
              {t('browse.sell')}
            </Link>
            {user && <MessagesLink />}
            {user !== undefined ? (
              <MobileSubmenu user={user} />
            ) : (
              // The menu button's room while the session is asked for: Sell does not move when it comes (issue 34: CLS).
              <span className="btn btn-outline-dark mobile-submenu-toggle invisible" aria-hidden="true">
                <span className="navbar-toggler-icon" />
              </span>
            )}
          </div>
        ) : (
          <div className="d-flex align-items-center gap-2">
            <Link className="btn btn-primary site-header-sell" to={paths.sell}>
              {t('browse.sell')}
            </Link>
            <LanguageSwitch className="btn btn-link language-switch" />
            {user !== undefined && (
              <nav aria-label={t('nav.account')}>
                {user ? (
                  <div className="d-flex align-items-center">
                    <MessagesLink />
                    <NotificationBell />
                    <UserProfileButton user={user} />
                  </div>
                ) : (
                  <GuestLinks />
                )}
              </nav>
            )}
          </div>
        )}
      </div>
      <div className="container site-header-search-row">
        <SearchBox />
      </div>
    </header>
  );
}
