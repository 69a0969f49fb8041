import { NavLink } from 'react-router';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';

/** Log in and Register, for a visitor who is not signed in. */
export function GuestLinks() {
  const { t } = useI18n();
  return (
    <ul className="navbar-nav flex-row align-items-center gap-2">
      <li className="nav-item">
        <NavLink className="nav-link px-2" to={paths.login}>
          {t('nav.logIn')}
        </NavLink>
      </li>
      <li className="nav-item">
        <NavLink className="btn btn-primary" to={paths.register}>
          {t('nav.register')}
        </NavLink>
      </li>
    </ul>
  );
}
