import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@marketplace/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../components/submit-button';
import { NewPasswordFields } from '../../components/new-password-fields';
import { TextField } from '../../components/text-field';
import { applyServerErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n/i18n-store';
import { notify } from '../../lib/toasts/notify';
import { useChangePassword } from './api/change-password';

const EMPTY: ChangePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

/** The current password and a new one (the registration's rules); success ends the other devices' sessions. */
export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const { t, text } = useI18n();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordRequest>({ resolver: zodResolver(changePasswordRequestSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      notify.success(t('account.passwordChanged'));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['current_password', 'password', 'password_confirmation']));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId} className="account-form">
      {formError && (
        <div className="alert alert-danger" role="alert">
          {text(formError)}
        </div>
      )}
      <TextField
        label={t('field.current_password')}
        type="password"
        autoComplete="current-password"
        required
        registration={register('current_password')}
        error={errors.current_password}
      />
      <NewPasswordFields
        replacing={true}
        password={register('password')}
        confirmation={register('password_confirmation')}
        errors={errors}
      />
      <SubmitButton pending={change.isPending}>{t('account.changePassword')}</SubmitButton>
    </form>
  );
}
