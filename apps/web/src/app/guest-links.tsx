import { NavLink } from 'react-router';
import { paths } from '../lib/paths';

/** Log in and Register, for a visitor who is not signed in. */
export function GuestLinks() {
  return (
    <ul className="navbar-nav flex-row align-items-center gap-2">
      <li className="nav-item">
        <NavLink className="nav-link px-2" to={paths.login}>
          Log in
        </NavLink>
      </li>
      <li className="nav-item">
        <NavLink className="btn btn-primary" to={paths.register}>
          Register
        </NavLink>
      </li>
    </ul>
  );
}
