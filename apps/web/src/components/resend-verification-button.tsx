import { useResendVerification } from '../lib/api/resend-verification';
import { apiError } from '../lib/http';
import { useI18n } from '../lib/i18n/i18n-store';
import { notify } from '../lib/toasts/notify';

/**
 * Asks for a new e-mail verification link (decision 026): a toast says it went, or how long the
 * throttle asks to wait. The banner on every page and the listing wizard's first step carry it.
 */
export function ResendVerificationButton({ className, label }: { className: string; label?: string }) {
  const resend = useResendVerification();
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={className}
      disabled={resend.isPending}
      aria-busy={resend.isPending || undefined}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (message) => notify.success(message),
          onError: (error) => notify.error(apiError(error)?.body.message ?? t('shell.serverUnreachable')),
        })
      }
    >
      {label ?? t('account.resend')}
    </button>
  );
}
