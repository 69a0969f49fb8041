import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema, type ForgotPasswordRequest } from '@marketplace/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../../../components/auth-card';

/**
 * /forgot-password: asks for a link that sets a new password. The answer is the server's, worded the
 * same whether or not the address has an account, so the page cannot tell either.
 */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setSent(undefined);
    try {
      setSent(await forgot.mutateAsync(values));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email']));
    }
  });

  return (
    <AuthCard title={t('account.forgotTitle')} error={formError}>
      <p>{t('account.forgotIntro')}</p>
      <div role="status">{sent && <div className="alert alert-success">{sent}</div>}</div>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('field.email')}
          type="email"
          autoComplete="username"
          required
          registration={register('email')}
          error={errors.email}
        />
        <SubmitButton pending={forgot.isPending}>{t('account.sendLink')}</SubmitButton>
      </form>
      <p className="mt-3 mb-0 text-center">
        <Link to={paths.login}>{t('account.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
