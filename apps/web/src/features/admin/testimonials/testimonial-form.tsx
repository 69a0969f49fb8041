import { zodResolver } from '@hookform/resolvers/zod';
import {
  TESTIMONIAL_LIMITS,
  testimonialEditSchema,
  type AdminTestimonial,
  type TestimonialEdit,
} from '@marketplace/contracts/testimonials';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod/mini';
import { TextField } from '../../../components/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { LanguagePair } from '../language-pair';
import { FormEnd } from '../help/form-end';
import { editBody, ROLE_LABELS, useSaveTestimonial } from './testimonials-api';

const FIELDS: Path<TestimonialEdit>[] = [
  'quote',
  'quote_ar',
  'name',
  'name_ar',
  'city',
  'city_ar',
  'role',
  'position',
  'published',
];

/** Add or edit a testimonial: the quote, name and city in both languages, the role, its place and publishing. */
export function TestimonialForm({
  testimonial,
  position,
  onDone,
}: {
  testimonial?: AdminTestimonial;
  position: number;
  onDone: () => void;
}) {
  const { t, text } = useI18n();
  const id = useId();
  const save = useSaveTestimonial(testimonial?.id);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TestimonialEdit, unknown, z.output<typeof testimonialEditSchema>>({
    resolver: zodResolver(testimonialEditSchema),
    defaultValues: testimonial
      ? editBody(testimonial)
      : {
          quote: '',
          quote_ar: '',
          name: '',
          name_ar: '',
          city: '',
          city_ar: '',
          role: 'buyer',
          position,
          published: false,
        },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      notify.success(t('admin.testimonials.saved'));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });
  return (
    <form className="card card-body my-2" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={id}>
      <h2 id={id} className="h6">
        {testimonial ? t('admin.testimonials.edit') : t('admin.testimonials.new')}
      </h2>
      <LanguagePair
        labels={[t('admin.testimonials.field.quoteEn'), t('admin.testimonials.field.quoteAr')]}
        registrations={[register('quote'), register('quote_ar')]}
        errors={[errors.quote, errors.quote_ar]}
        maxLength={TESTIMONIAL_LIMITS.quoteMax}
      />
      <div className="row">
        <LanguagePair
          labels={[t('admin.testimonials.field.nameEn'), t('admin.testimonials.field.nameAr')]}
          registrations={[register('name'), register('name_ar')]}
          errors={[errors.name, errors.name_ar]}
          maxLength={TESTIMONIAL_LIMITS.nameMax}
          columnClassName="col-12 col-md-6"
        />
        <LanguagePair
          labels={[t('admin.testimonials.field.cityEn'), t('admin.testimonials.field.cityAr')]}
          registrations={[register('city'), register('city_ar')]}
          errors={[errors.city, errors.city_ar]}
          maxLength={TESTIMONIAL_LIMITS.cityMax}
          columnClassName="col-12 col-md-6"
        />
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('admin.testimonials.field.role')}</legend>
        {(['buyer', 'seller'] as const).map((role) => (
          <div key={role} className="form-check form-check-inline">
            <input id={`${id}-${role}`} type="radio" value={role} className="form-check-input" {...register('role')} />
            <label htmlFor={`${id}-${role}`} className="form-check-label">
              {t(ROLE_LABELS[role])}
            </label>
          </div>
        ))}
        {errors.role?.message && <div className="invalid-feedback d-block">{text(errors.role.message)}</div>}
      </fieldset>
      <TextField
        label={t('admin.field.position')}
        type="number"
        registration={register('position', { valueAsNumber: true })}
        error={errors.position}
        required
      />
      <div className="form-check mb-3">
        <input id={`${id}-published`} type="checkbox" className="form-check-input" {...register('published')} />
        <label htmlFor={`${id}-published`} className="form-check-label">
          {t('admin.testimonials.published')}
        </label>
      </div>
      <FormEnd pending={save.isPending} error={formError} onCancel={onDone} />
    </form>
  );
}
