import { Link } from 'react-router';
import { useCurrentUser } from '../lib/api/get-current-user';
import { useI18n } from '../lib/i18n/i18n-store';
import { paths } from '../lib/paths';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import { LanguageSwitch } from './language-switch';

/** The newsletter's sign-up, the help centre's links, the areas that exist, the language switch and the copyright line. */
export function SiteFooter() {
  const { data: user } = useCurrentUser();
  const { t } = useI18n();
  const account = user
    ? [{ to: paths.profile, label: t('nav.profile') }]
    : [
        { to: paths.login, label: t('nav.logIn') },
        { to: paths.register, label: t('nav.createAccount') },
      ];
  const links = [
    { to: paths.home, label: t('nav.home') },
    ...(user === undefined ? [] : account),
    { to: paths.help, label: t('nav.help') },
    { to: paths.support, label: t('nav.contactUs') },
    { to: paths.safety, label: t('nav.safety') },
    { to: paths.terms, label: t('nav.terms') },
    { to: paths.privacy, label: t('nav.privacy') },
    { to: paths.about, label: t('nav.about') },
  ];
  return (
    <footer className="site-footer border-top py-3 small">
      <section className="container mb-3" aria-labelledby="footer-newsletter">
        <h2 id="footer-newsletter" className="h6 mb-2">
          <Link className="site-footer-link" to={paths.newsletter}>
            {t('newsletter.footerTitle')}
          </Link>
        </h2>
        <NewsletterForm compact labelledBy="footer-newsletter" />
      </section>
      <div className="container d-flex flex-wrap gap-2 justify-content-between align-items-center">
        <nav aria-label={t('nav.footer')}>
          <ul className="list-inline mb-0">
            {links.map(({ to, label }) => (
              <li key={to} className="list-inline-item">
                <Link className="site-footer-link" to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <LanguageSwitch className="btn btn-link btn-sm language-switch" />
          <p className="mb-0 text-body-secondary">{t('app.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
