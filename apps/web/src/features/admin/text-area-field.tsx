import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldLabel } from '../../components/field-label';
import { useI18n } from '../../lib/i18n/i18n-store';

/** A labelled Markdown text area with its error tied to it for screen readers. */
export function TextAreaField({
  label,
  registration,
  error,
  rows = 8,
  dir,
  lang,
  hint,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  rows?: number;
  dir?: 'rtl' | 'ltr';
  /** The language the text is written in, whatever the page's. */
  lang?: 'en' | 'ar';
  hint?: string;
}) {
  const id = useId();
  const { text } = useI18n();
  const describedBy = [hint && `${id}-hint`, error?.message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        rows={rows}
        dir={dir}
        lang={lang}
        className={`form-control font-monospace${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={describedBy}
        {...registration}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error?.message && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {text(error.message)}
        </div>
      )}
    </div>
  );
}
