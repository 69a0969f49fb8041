import { useCurrentUser } from '../lib/api/get-current-user';
import { useResendVerification } from '../features/account/api/email-verification';
import { apiError } from '../lib/http';
import { useI18n } from '../lib/i18n/i18n-store';
import { notify } from '../lib/toasts/notify';

/**
 * On every page, for a signed-in user whose address is not verified yet (decision 026): what waits
 * for it, and "Resend" for a new link (a toast says it went, or how long the throttle asks to wait).
 */
export function VerifyEmailBanner() {
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  const { t } = useI18n();
  if (!user || user.email_verified) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 py-2" role="region" aria-label={t('account.verifyTitle')}>
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <p className="mb-0 flex-grow-1">{t('account.verifyBanner', { email: user.email })}</p>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (message) => notify.success(message),
              onError: (error) => notify.error(apiError(error)?.body.message ?? t('shell.serverUnreachable')),
            })
          }
        >
          {t('account.resend')}
        </button>
      </div>
    </div>
  );
}
