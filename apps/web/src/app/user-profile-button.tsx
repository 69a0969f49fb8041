import type { User } from '@marketplace/contracts';
import { Link } from 'react-router';
import { Avatar } from '../components/avatar';
import { useI18n } from '../lib/i18n/i18n-store';
import { accountMenuLinks } from './account-menu-links';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

/** The signed-in user's avatar and name; opens the account menu (account-menu-links.ts, then Log out). */
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
        {accountMenuLinks(user).map(({ to, label }) => (
          <li key={to}>
            <Link className="dropdown-item" to={to} onClick={() => close()}>
              {t(label)}
            </Link>
          </li>
        ))}
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
