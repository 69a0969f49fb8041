import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { paths } from '../lib/paths';

/** Links to the areas that exist, and the copyright line. */
export function SiteFooter() {
  const { data: user } = useCurrentUser();
  const links = user
    ? [{ to: paths.profile, label: 'Profile' }]
    : [
        { to: paths.login, label: 'Log in' },
        { to: paths.register, label: 'Create an account' },
      ];
  return (
    <footer className="site-footer border-top py-3 small">
      <div className="container d-flex flex-wrap gap-2 justify-content-between align-items-center">
        <nav aria-label="Footer">
          <ul className="list-inline mb-0">
            {[{ to: paths.home, label: 'Home' }, ...(user === undefined ? [] : links)].map(({ to, label }) => (
              <li key={to} className="list-inline-item">
                <Link className="site-footer-link" to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mb-0 text-body-secondary">© {new Date().getFullYear()} Marketplace</p>
      </div>
    </footer>
  );
}
