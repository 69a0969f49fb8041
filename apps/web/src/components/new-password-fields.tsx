import { PASSWORD_MIN } from '@marketplace/contracts';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../lib/i18n/i18n-store';
import { TextField } from './text-field';

interface NewPasswordFieldsProps {
  /** "New password" where the account already has one (change, reset); "Password" at registration. */
  replacing: boolean;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: FieldError | undefined; password_confirmation?: FieldError | undefined };
}

/** A password to choose and its confirmation, with the registration rules as the hint (register, change, reset). */
export function NewPasswordFields({ replacing, password, confirmation, errors }: NewPasswordFieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={replacing ? t('field.new_password') : t('field.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.passwordHint', { min: PASSWORD_MIN })}
        registration={password}
        error={errors.password}
      />
      <TextField
        label={replacing ? t('field.new_password_confirmation') : t('field.password_confirmation')}
        type="password"
        autoComplete="new-password"
        required
        registration={confirmation}
        error={errors.password_confirmation}
      />
    </>
  );
}
