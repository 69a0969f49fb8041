import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { paths } from '../lib/paths';
import { useIsMobile } from '../lib/use-media-query';
import { GuestLinks } from './guest-links';
import { MobileSubmenu } from './mobile-submenu';
import { UserProfileButton } from './user-profile-button';

/**
 * The site name, then the account: the user-profile button when signed in, Log in and Register
 * when not, and the mobile submenu below the breakpoint. Nothing shows there until the sign-in
 * check answers, so a signed-in user never sees Log in flash by.
 */
export function SiteHeader() {
  const { data: user } = useCurrentUser();
  const isMobile = useIsMobile();
  return (
    <header className="site-header border-bottom bg-body-tertiary">
      <div className="container site-header-bar">
        <Link className="navbar-brand fw-semibold" to={paths.home}>
          Marketplace
        </Link>
        {user !== undefined &&
          (isMobile ? (
            <MobileSubmenu user={user} />
          ) : (
            <nav aria-label="Account">{user ? <UserProfileButton user={user} /> : <GuestLinks />}</nav>
          ))}
      </div>
    </header>
  );
}
