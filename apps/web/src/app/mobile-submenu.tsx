import type { User } from '@marketplace/contracts';
import { Link } from 'react-router';
import { Avatar } from '../components/avatar';
import { paths } from '../lib/paths';
import { useDisclosure } from './use-disclosure';
import { useSignOut } from './use-sign-out';

/**
 * The header below the mobile breakpoint: one Menu button opens a sheet at the bottom of the screen,
 * within a thumb's reach, whose rows are tall enough to tap; Escape or Close menu shuts it.
 */
export function MobileSubmenu({ user }: { user: User | null }) {
  const { open, toggle, close, rootProps, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();
  const { signOut, pending } = useSignOut();
  const item = 'mobile-submenu-item';
  return (
    <div {...rootProps}>
      <button type="button" className="btn btn-outline-dark mobile-submenu-toggle" onClick={toggle} {...buttonProps}>
        <span className="navbar-toggler-icon" aria-hidden="true" /> Menu
      </button>
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
        <nav aria-label="Menu">
          <ul className="list-unstyled mb-0">
            <li>
              <Link className={item} to={paths.home} onClick={() => close()}>
                Home
              </Link>
            </li>
            {user ? (
              <>
                <li>
                  <Link className={item} to={paths.profile} onClick={() => close()}>
                    Profile
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
                    Log out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link className={item} to={paths.login} onClick={() => close()}>
                    Log in
                  </Link>
                </li>
                <li>
                  <Link className={item} to={paths.register} onClick={() => close()}>
                    Register
                  </Link>
                </li>
              </>
            )}
            <li>
              <button type="button" className={`${item} text-body-secondary`} onClick={() => close(true)}>
                Close menu
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
