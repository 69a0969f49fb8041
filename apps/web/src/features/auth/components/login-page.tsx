import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@marketplace/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { paths } from '../../../lib/paths';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useLogin } from '../api/login';
import { AuthCard } from '../../../components/auth-card';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const { t } = useI18n();
  const [formError, setFormError] = useState<string>();
  const redirectTo = safeRedirectPath(searchParams.get('redirect'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await login.mutateAsync(values);
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  return (
    <AuthCard title={t('nav.logIn')} error={formError}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('field.email')}
          type="email"
          autoComplete="username"
          required
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={errors.password}
        />
        <SubmitButton pending={login.isPending}>{t('nav.logIn')}</SubmitButton>
      </form>
      <p className="mt-3 mb-0 text-center">
        <Link to={paths.forgotPassword}>{t('auth.forgotPassword')}</Link>
      </p>
      <p className="mt-3 mb-0 text-center">
        {t('auth.newHere')} <Link to={paths.register}>{t('nav.createAccount')}</Link>
      </p>
    </AuthCard>
  );
}
