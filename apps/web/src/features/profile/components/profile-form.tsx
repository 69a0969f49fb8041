import { BIRTHDAY_INVALID, type City, type Profile, type Timezone } from '@marketplace/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { RequiredLegend } from '../../../components/field-label';
import { SubmitButton } from '../../../components/submit-button';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { scrollToElement } from '../../../lib/scroll-to-element';
import { notify } from '../../../lib/toasts/notify';
import { useUpdateProfile } from '../api/update-profile';
import { ContactDetailsSection } from './contact-details-section';
import { GeneralDetailsSection } from './general-details-section';
import { profileFormResolver } from './profile-form-resolver';
import { toFormValues, toUpdateRequest, type ProfileFormValues } from './profile-form-values';

export interface ProfileFormProps {
  profile: Profile;
  cities: readonly City[];
  timezones: readonly Timezone[];
}

const FORM_PATHS = new Set<string>([
  'first_name',
  'last_name',
  'birthday',
  'gender',
  'timezone',
  'company.name',
  'company.web',
  'address.flat_number',
  'address.building_name',
  'address.street_address',
  'address.area',
  'address.postal_code',
  'address.region',
  'address.phone_prefix',
  'address.phone',
  'address.city_id',
  'neighborhoods',
  'image',
]);
const isFormPath = (path: string): path is FieldPath<ProfileFormValues> => FORM_PATHS.has(path);

/** Brings the first field showing an error into view, once the errors have rendered. */
function scrollToFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => scrollToElement(form?.querySelector('[aria-invalid="true"]'), { focus: true }));
}

export function ProfileForm({ profile, cities, timezones }: ProfileFormProps) {
  const isCompany = profile.account_type === 'company';
  const { t, text } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateProfile();
  const resolver = useMemo(() => profileFormResolver(profile.account_type), [profile.account_type]);
  const form = useForm<ProfileFormValues>({
    defaultValues: toFormValues(profile),
    resolver,
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;

  // A save in another tab refreshes the profile: show it, unless this form holds unsaved edits.
  useEffect(() => {
    if (!isDirty) reset(toFormValues(profile));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new profile from the server resets
  }, [profile]);

  const onValid = async (values: ProfileFormValues) => {
    try {
      const saved = await update.mutateAsync(toUpdateRequest(values, isCompany));
      reset(toFormValues(saved));
      notify.success(t('profile.updated'));
    } catch (error) {
      const failure = apiError(error);
      const placeFieldErrors = () => {
        for (const [path, messages] of Object.entries(failure?.body.errors ?? {})) {
          const message = messages[0];
          if (message && isFormPath(path)) setError(path, { type: 'server', message });
        }
        scrollToFirstError(formRef.current);
      };
      if (failure?.status === 422) {
        notify.error(t('api.invalid'));
        placeFieldErrors();
      } else if (failure?.status === 500) {
        notify.error(failure.body.message);
      } else {
        // Specification §8: other save errors get no toast (a 401 has already gone to the login page); a
        // refusal that names a field (too many uploads) still says why under that field.
        if (failure?.body.errors) placeFieldErrors();
        console.error('Saving the profile failed:', error);
      }
    }
  };

  const onInvalid = (invalid: typeof form.formState.errors) => {
    if (invalid.birthday) notify.error(text(BIRTHDAY_INVALID));
    scrollToFirstError(formRef.current);
  };

  return (
    <form
      ref={formRef}
      className="profile-form"
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      noValidate
    >
      <RequiredLegend />

      <GeneralDetailsSection form={form} profile={profile} timezones={timezones} />
      <ContactDetailsSection form={form} cities={cities} />
      <SubmitButton pending={update.isPending}>{t('profile.save')}</SubmitButton>
    </form>
  );
}
