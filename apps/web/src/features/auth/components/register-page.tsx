import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequestSchema, type RegisterRequest } from '@marketplace/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { RequiredLegend } from '../../../components/field-label';
import { SubmitButton } from '../../../components/submit-button';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/register';
import { AuthCard } from '../../../components/auth-card';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirmation',
  'account_type',
  'company_name',
] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const registration = useRegister();
  const { t } = useI18n();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      account_type: 'individual',
      company_name: '',
    },
  });
  const isCompany = useWatch({ control, name: 'account_type' }) === 'company';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await registration.mutateAsync(values);
      await navigate(paths.home, { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <AuthCard title={t('nav.createAccount')} error={formError}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('auth.accountType')}</legend>
          <div className="btn-group w-100" role="group">
            <input
              type="radio"
              className="btn-check"
              id="account-individual"
              value="individual"
              {...register('account_type')}
            />
            <label className="btn btn-outline-primary" htmlFor="account-individual">
              {t('auth.individual')}
            </label>
            <input
              type="radio"
              className="btn-check"
              id="account-company"
              value="company"
              {...register('account_type')}
            />
            <label className="btn btn-outline-primary" htmlFor="account-company">
              {t('auth.company')}
            </label>
          </div>
        </fieldset>
        {isCompany && (
          <TextField
            label={t('field.company_name')}
            autoComplete="organization"
            required
            registration={register('company_name')}
            error={errors.company_name}
          />
        )}
        <div className="row g-2">
          <div className="col-sm">
            <TextField
              label={t('field.first_name')}
              autoComplete="given-name"
              required
              registration={register('first_name')}
              error={errors.first_name}
            />
          </div>
          <div className="col-sm">
            <TextField
              label={t('field.last_name')}
              autoComplete="family-name"
              required
              registration={register('last_name')}
              error={errors.last_name}
            />
          </div>
        </div>
        <TextField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          error={errors.email}
        />
        <NewPasswordFields
          replacing={false}
          password={register('password')}
          confirmation={register('password_confirmation')}
          errors={errors}
        />
        <RequiredLegend />
        <SubmitButton pending={registration.isPending}>{t('auth.createAccount')}</SubmitButton>
      </form>
      <p className="mt-3 mb-0 text-center">
        {t('auth.haveAccount')} <Link to={paths.login}>{t('nav.logIn')}</Link>
      </p>
    </AuthCard>
  );
}
