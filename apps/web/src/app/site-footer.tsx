import { Link } from 'react-router';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';

/** Links to the areas that exist, and the copyright line. */
export function SiteFooter() {
  const { data: user } = useCurrentUser();
  const { t } = useI18n();
  const links = user
    ? [{ to: paths.profile, label: t('nav.profile') }]
    : [
        { to: paths.login, label: t('nav.logIn') },
        { to: paths.register, label: t('nav.createAccount') },
      ];
  return (
    <footer className="site-footer border-top py-3 small">
      <div className="container d-flex flex-wrap gap-2 justify-content-between align-items-center">
        <nav aria-label={t('nav.footer')}>
          <ul className="list-inline mb-0">
            {[{ to: paths.home, label: t('nav.home') }, ...(user === undefined ? [] : links)].map(({ to, label }) => (
              <li key={to} className="list-inline-item">
                <Link className="site-footer-link" to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mb-0 text-body-secondary">{t('app.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
