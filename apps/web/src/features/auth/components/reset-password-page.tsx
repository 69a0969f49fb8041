import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_TOKEN_PARAM, resetPasswordRequestSchema, type ResetPasswordRequest } from '@marketplace/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { paths } from '../../../lib/paths';
import { notify } from '../../../lib/toasts/notify';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../../../components/auth-card';

/**
 * /reset-password?token=…: the page an e-mailed link opens. A new password (the registration's
 * rules) signs the user in here; a link that no longer works says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const token = searchParams.get(RESET_TOKEN_PARAM) ?? '';
  return (
    <AuthCard title={t('account.resetTitle')}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <div className="alert alert-warning">{t('account.resetNoToken')}</div>
          <Link to={paths.forgotPassword}>{t('account.askNewLink')}</Link>
        </>
      )}
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t, text } = useI18n();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await reset.mutateAsync(values);
      notify.success(t('account.passwordReset'));
      await navigate(paths.home, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['token', 'password', 'password_confirmation']));
    }
  });

  const linkError = errors.token?.message;
  return (
    <>
      {(linkError ?? formError) && (
        <div className="alert alert-danger" role="alert">
          <p className="mb-2">{text(linkError ?? formError ?? '')}</p>
          {linkError && <Link to={paths.forgotPassword}>{t('account.askNewLink')}</Link>}
        </div>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <NewPasswordFields
          replacing={true}
          password={register('password')}
          confirmation={register('password_confirmation')}
          errors={errors}
        />
        <SubmitButton pending={reset.isPending}>{t('account.setPassword')}</SubmitButton>
      </form>
    </>
  );
}
