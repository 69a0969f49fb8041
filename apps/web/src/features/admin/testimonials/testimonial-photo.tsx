import type { Message } from '@marketplace/contracts';
import type { AdminTestimonial } from '@marketplace/contracts/testimonials';
import { useId, useState, type ChangeEvent } from 'react';
import { readAvatarFile } from '../../../lib/avatar-file';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { useTestimonialPhoto } from './testimonials-api';

/** A testimonial's photo, or its initials' place: upload one (sent at once; the server checks its bytes) or remove it. */
export function TestimonialPhoto({ testimonial, name }: { testimonial: AdminTestimonial; name: string }) {
  const { t, text } = useI18n();
  const inputId = useId();
  const photo = useTestimonialPhoto(testimonial.id);
  const [problem, setProblem] = useState<Message | string>();
  const shown = typeof problem === 'string' ? problem : problem && text(problem);

  const send = async (dataUrl: string | null) => {
    setProblem(undefined);
    try {
      await photo.mutateAsync(dataUrl);
      notify.success(t(dataUrl === null ? 'admin.testimonials.photoRemoved' : 'admin.testimonials.photoSaved'));
    } catch (error) {
      const failure = apiError(error);
      setProblem(failure?.body.errors?.image?.[0] ?? failure?.body.message ?? t('shell.serverUnreachable'));
    }
  };
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readAvatarFile(file);
    if ('problem' in read) return setProblem(read.problem);
    await send(read.dataUrl);
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {testimonial.photo && (
        <img src={testimonial.photo} alt="" width="40" height="40" className="rounded-circle object-fit-cover" />
      )}
      <label htmlFor={inputId} className="btn btn-outline-primary btn-sm mb-0">
        {t('admin.testimonials.photoFor', { name })}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="visually-hidden"
        disabled={photo.isPending}
        aria-describedby={shown ? `${inputId}-error` : undefined}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => void onChange(event)}
      />
      {testimonial.photo && (
        <button
          type="button"
          className="btn btn-link btn-sm link-danger"
          disabled={photo.isPending}
          onClick={() => void send(null)}
        >
          {t('admin.testimonials.removePhoto', { name })}
        </button>
      )}
      {shown && (
        <div id={`${inputId}-error`} className="invalid-feedback d-block">
          {shown}
        </div>
      )}
    </div>
  );
}
