import { VERIFY_TOKEN_PARAM } from '@marketplace/contracts';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { useVerifyEmail } from './api/email-verification';

/**
 * /verify-email?token=…: the page the e-mailed link opens. It sends the token once, on arrival;
 * a link that no longer works says so (the banner's "Resend" gives a new one).
 */
export function VerifyEmailPage() {
  const { t, text } = useI18n();
  const [searchParams] = useSearchParams();
  const token = searchParams.get(VERIFY_TOKEN_PARAM) ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    // Once per page: a link is single use, so a second send (React's development double effects) would fail it.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const failure = verify.isError
    ? (apiError(verify.error)?.body.errors?.token?.[0] ?? apiError(verify.error)?.body.message)
    : undefined;
  return (
    <AuthCard title={t('account.verifyTitle')}>
      {!token && <div className="alert alert-warning">{t('account.verifyNoToken')}</div>}
      {token && (verify.isPending || verify.isIdle) && (
        <p role="status" className="text-body-secondary">
          {t('account.verifying')}
        </p>
      )}
      {verify.isSuccess && (
        <div className="alert alert-success" role="status">
          {verify.data}
        </div>
      )}
      {verify.isError && (
        <div className="alert alert-danger" role="alert">
          {failure ? text(failure) : t('shell.serverUnreachable')}
        </div>
      )}
      {!verify.isPending && <Link to={paths.home}>{t('notFound.home')}</Link>}
    </AuthCard>
  );
}
