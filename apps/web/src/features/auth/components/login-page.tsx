import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@marketplace/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
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
    <AuthCard title="Log in" error={formError}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="username"
          required
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={errors.password}
        />
        <SubmitButton pending={login.isPending}>Log in</SubmitButton>
      </form>
      <p className="mt-3 mb-0 text-center">
        New here? <Link to={paths.register}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
