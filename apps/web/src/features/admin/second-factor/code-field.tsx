import { useId } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';

/** The one field of the second factor's forms: digits from the app, or a recovery code; always left to right. */
export function CodeField({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label: string;
}) {
  const { t, text } = useI18n();
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control staff-code${error ? ' is-invalid' : ''}`}
        dir="ltr"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={32}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {text(error)}
        </div>
      ) : (
        <div id={`${id}-hint`} className="form-text">
          {t('admin.secondFactor.codeHint')}
        </div>
      )}
    </div>
  );
}
