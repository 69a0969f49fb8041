import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { ChangePasswordForm } from './change-password-form';
import { SessionsSection } from './sessions-section';
import './account.css';

/** /account/password (user-password in docs/product/marketplace.md): change password; sessions on other devices. */
export function PasswordPage() {
  const { t } = useI18n();
  const changeHeading = useId();
  return (
    <div className="account-page mx-auto">
      <h1 className="h3 mb-4">{t('account.securityTitle')}</h1>
      <section aria-labelledby={changeHeading} className="mb-5">
        <h2 id={changeHeading} className="h5">
          {t('account.changePassword')}
        </h2>
        <p className="text-body-secondary">{t('account.changePasswordIntro')}</p>
        <ChangePasswordForm headingId={changeHeading} />
      </section>
      <SessionsSection />
      <p className="mt-5">
        <Link to={paths.deleteAccount}>{t('nav.deleteAccount')}</Link>
      </p>
    </div>
  );
}
