import type { User } from '@marketplace/contracts';
import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../components/avatar';
import { useUnreadCount } from '../features/notifications/api/unread-count';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { CategoriesMenuList, preloadCategoriesMenu } from './categories-menu';
import { LanguageSwitch } from './language-switch';
import { badgeText, UnreadAnnouncer } from './notification-bell';
import { accountMenuLinks } from './account-menu-links';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

/**
 * The header below the mobile breakpoint: one Menu button opens a sheet at the bottom of the screen,
 * within a thumb's reach, whose rows are tall enough to tap (the language switch among them);
 * Categories opens the category list in place. Escape or Close menu shuts it. Links show a chevron towards the inline end, mirrored in Arabic.
 * For a signed-in user the Menu button carries the unread notifications' badge (its description
 * says the count), and the sheet links to them.
 */
export function MobileSubmenu({ user }: { user: User | null }) {
  const { open, toggle, close, rootProps, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();
  const { signOut, pending } = useSignOut();
  const { t } = useI18n();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const { data: unread } = useUnreadCount(Boolean(user));
  const unreadCount = user ? (unread ?? 0) : 0;
  const unreadId = useId();
  const item = 'mobile-submenu-item';
  return (
    <div {...rootProps}>
      <button
        type="button"
        className="btn btn-outline-dark mobile-submenu-toggle"
        onClick={toggle}
        aria-describedby={unreadCount > 0 ? unreadId : undefined}
        {...buttonProps}
      >
        <span className="navbar-toggler-icon" aria-hidden="true" />
        {/* Read out, not drawn: a phone's header holds the name, Sell, Messages and Menu with two-digit badges. */}
        <span className="visually-hidden">{t('nav.menu')}</span>
        {unreadCount > 0 && (
          <span className="badge rounded-pill text-bg-danger" aria-hidden="true">
            {badgeText(unreadCount)}
          </span>
        )}
      </button>
      {unreadCount > 0 && (
        <span id={unreadId} hidden>
          {t('notifications.unreadCount', { count: unreadCount })}
        </span>
      )}
      {user && <UnreadAnnouncer count={unread} />}
      {open && <div className="mobile-submenu-backdrop" aria-hidden="true" onClick={() => close()} />}
      <div className="mobile-submenu" {...panelProps}>
        {user && (
          <p className="mobile-submenu-user">
            <Avatar src={user.avatar} alt="" size={40} />
            <span>
              {user.first_name} {user.last_name}
            </span>
          </p>
        )}
        <nav aria-label={t('nav.menu')}>
          <ul className="list-unstyled mb-0">
            <li>
              <Link className={item} to={paths.home} onClick={() => close()}>
                {t('nav.home')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={`${item} mobile-submenu-expander`}
                aria-expanded={categoriesOpen}
                onClick={() => setCategoriesOpen((value) => !value)}
                onFocus={preloadCategoriesMenu}
              >
                {t('browse.categories')}
              </button>
              {categoriesOpen && (
                <div className="mobile-submenu-nested">
                  <Suspense fallback={<p className="px-4 py-2 mb-0">{t('browse.categoriesLoading')}</p>}>
                    <CategoriesMenuList variant="rows" itemClassName={item} onNavigate={() => close()} />
                  </Suspense>
                </div>
              )}
            </li>
            {user ? (
              <>
                {accountMenuLinks(user).map(({ to, label }) => (
                  <li key={to}>
                    <Link className={item} to={to} onClick={() => close()}>
                      {t(label)}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link
                    className={item}
                    to={paths.notifications}
                    aria-label={t('notifications.bell', { count: unreadCount })}
                    onClick={() => close()}
                  >
                    {t('notifications.title')}
                    {unreadCount > 0 && (
                      <span className="badge rounded-pill text-bg-danger ms-auto me-2" aria-hidden="true">
                        {badgeText(unreadCount)}
                      </span>
                    )}
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    className={item}
                    disabled={pending}
                    onClick={() => {
                      close(true);
                      signOut();
                    }}
                  >
                    {t('nav.logOut')}
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link className={item} to={paths.login} onClick={() => close()}>
                    {t('nav.logIn')}
                  </Link>
                </li>
                <li>
                  <Link className={item} to={paths.register} onClick={() => close()}>
                    {t('nav.register')}
                  </Link>
                </li>
              </>
            )}
            <li>
              <LanguageSwitch className={item} onSwitch={() => close(true)} />
            </li>
            <li>
              <button type="button" className={`${item} text-body-secondary`} onClick={() => close(true)}>
                {t('nav.closeMenu')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
