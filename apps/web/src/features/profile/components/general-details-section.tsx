import type { Profile, Timezone } from '@marketplace/contracts';
import { useMemo } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { AvatarUpload } from './avatar-upload';
import { BirthdayField } from './birthday-field';
import { maxLengthOf } from './profile-field-limits';
import type { ProfileFormValues } from './profile-form-values';
import { SelectField } from './select-field';
import { timezoneLabel } from './timezone-label';

export interface GeneralDetailsSectionProps {
  form: UseFormReturn<ProfileFormValues>;
  profile: Profile;
  timezones: readonly Timezone[];
}

/** Picture, names, gender, date of birth, e-mail and time zone (specification §2), with the company's name for companies. */
export function GeneralDetailsSection({ form, profile, timezones }: GeneralDetailsSectionProps) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const isCompany = profile.account_type === 'company';
  const { t, text } = useI18n();
  const image = useWatch({ control, name: 'image' });
  const timezoneOptions = useMemo(
    () => timezones.map((timezone) => ({ value: timezone.value, label: timezoneLabel(t, timezone) })),
    [timezones, t],
  );

  return (
    <section aria-labelledby="general-details-heading" className="mb-4">
      <h2 id="general-details-heading" className="h5 mb-3">
        {t('profile.generalDetails')}
      </h2>
      <AvatarUpload
        current={profile.avatar}
        chosen={image}
        accountType={profile.account_type}
        onChoose={(dataUrl) => setValue('image', dataUrl, { shouldDirty: true })}
        error={errors.image?.message}
      />
      <div className="profile-grid">
        {isCompany && (
          <>
            <TextField
              label={t('field.company_name')}
              required
              autoComplete="organization"
              maxLength={maxLengthOf('company_name')}
              registration={register('company.name')}
              error={errors.company?.name}
            />
            <TextField
              label={t('field.company_web')}
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={maxLengthOf('company_web')}
              registration={register('company.web')}
              error={errors.company?.web}
            />
          </>
        )}
        <TextField
          label={t('field.first_name')}
          required
          autoComplete="given-name"
          maxLength={maxLengthOf('first_name')}
          registration={register('first_name')}
          error={errors.first_name}
        />
        <TextField
          label={t('field.last_name')}
          required
          autoComplete="family-name"
          maxLength={maxLengthOf('last_name')}
          registration={register('last_name')}
          error={errors.last_name}
        />
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">{t('field.gender')}</legend>
          <div className="d-flex gap-4 align-items-center gender-options">
            <div className="form-check">
              <input className="form-check-input" type="radio" id="gender-m" value="M" {...register('gender')} />
              <label className="form-check-label" htmlFor="gender-m">
                {t('profile.male')}
              </label>
            </div>
            <div className="form-check">
              <input className="form-check-input" type="radio" id="gender-f" value="F" {...register('gender')} />
              <label className="form-check-label" htmlFor="gender-f">
                {t('profile.female')}
              </label>
            </div>
          </div>
          {errors.gender?.message && <div className="invalid-feedback d-block">{text(errors.gender.message)}</div>}
        </fieldset>
        <Controller
          control={control}
          name="birthday"
          render={({ field }) => (
            <BirthdayField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.birthday?.message}
            />
          )}
        />
        <div className="mb-3">
          <label htmlFor="profile-email" className="form-label">
            {t('field.email')}
          </label>
          <input id="profile-email" type="email" className="form-control" value={profile.email} disabled readOnly />
        </div>
        <Controller
          control={control}
          name="timezone"
          render={({ field }) => (
            <SelectField
              label={t('field.timezone')}
              required
              options={timezoneOptions}
              value={
                timezoneOptions.find((option) => option.value === field.value) ?? {
                  value: field.value,
                  label: field.value,
                }
              }
              onChange={(option) => {
                if (option) field.onChange(option.value);
              }}
              onBlur={field.onBlur}
              isSearchable
              isClearable={false}
              error={errors.timezone?.message}
            />
          )}
        />
      </div>
    </section>
  );
}
