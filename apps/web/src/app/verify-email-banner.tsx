import { useCurrentUser } from '../lib/api/get-current-user';
import { ResendVerificationButton } from '../components/resend-verification-button';
import { useI18n } from '../lib/i18n/i18n-store';

/**
 * On every page, for a signed-in user whose address is not verified yet (decision 026): what waits
 * for it, and "Resend" for a new link (a toast says it went, or how long the throttle asks to wait).
 */
export function VerifyEmailBanner() {
  const { data: user } = useCurrentUser();
  const { t } = useI18n();
  if (!user || user.email_verified) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 py-2" role="region" aria-label={t('account.verifyTitle')}>
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <p className="mb-0 flex-grow-1">{t('account.verifyBanner', { email: user.email })}</p>
        <ResendVerificationButton className="btn btn-sm btn-outline-dark" />
      </div>
    </div>
  );
}
