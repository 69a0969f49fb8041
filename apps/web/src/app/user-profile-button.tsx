import type { User } from '@marketplace/contracts';
import { Link } from 'react-router';
import { Avatar } from '../components/avatar';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

/** The signed-in user's avatar and name; opens the account menu (Profile, My listings, Password and security, Log out). */
export function UserProfileButton({ user }: { user: User }) {
  const { open, toggle, close, rootProps, buttonProps, panelProps } = useDisclosure<HTMLUListElement>();
  const { signOut, pending } = useSignOut();
  const { t } = useI18n();
  return (
    <div className="dropdown" {...rootProps}>
      <button
        type="button"
        className="btn user-profile-button d-flex align-items-center gap-2"
        onClick={toggle}
        aria-label={t('nav.accountMenuFor', { name: `${user.first_name} ${user.last_name}` })}
        {...buttonProps}
      >
        <Avatar src={user.avatar} alt="" size={32} />
        <span data-testid="signed-in-user">
          {user.first_name} {user.last_name}
        </span>
        <span className="dropdown-toggle" aria-hidden="true" />
      </button>
      <ul className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`} data-bs-popper="static" {...panelProps}>
        <li>
          <Link className="dropdown-item" to={paths.profile} onClick={() => close()}>
            {t('nav.profile')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.myListings} onClick={() => close()}>
            {t('browse.myListings')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.myPurchases} onClick={() => close()}>
            {t('orders.myPurchases')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.mySales} onClick={() => close()}>
            {t('orders.mySales')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.ordersHistory} onClick={() => close()}>
            {t('orders.history')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.favourites} onClick={() => close()}>
            {t('favourites.title')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.savedSearches} onClick={() => close()}>
            {t('savedSearches.title')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.password} onClick={() => close()}>
            {t('nav.security')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.blockedUsers} onClick={() => close()}>
            {t('blocked.title')}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.deleteAccount} onClick={() => close()}>
            {t('nav.deleteAccount')}
          </Link>
        </li>
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <button
            type="button"
            className="dropdown-item"
            disabled={pending}
            onClick={() => {
              close(true);
              signOut();
            }}
          >
            {t('nav.logOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
