import { useId, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { caretAfterDigits, maskDate } from './date-mask';
import { useI18n } from '../../../lib/i18n/i18n-store';

export interface BirthdayFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/** Date of Birth as dd/mm/yyyy, typed through the ##/##/#### mask of docs/product/specification.md §2. */
export function BirthdayField({ value, onChange, onBlur, error, inputRef }: BirthdayFieldProps) {
  const id = useId();
  const { t, text } = useI18n();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // The masked value re-renders the input, which would throw the caret to the end.
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const { value: typed, selectionStart } = event.target;
    const digitsBefore = typed.slice(0, selectionStart ?? typed.length).replace(/\D/g, '').length;
    const masked = maskDate(typed);
    caret.current = caretAfterDigits(masked, digitsBefore);
    onChange(masked);
  };

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('field.birthday')}
      </label>
      <input
        id={id}
        name="birthday"
        ref={(element) => {
          input.current = element;
          inputRef?.(element);
        }}
        value={value}
        onChange={onInput}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="bday"
        placeholder={t('profile.birthdayPlaceholder')}
        maxLength={10}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
      />
      <div id={hintId} className="form-text">
        {t('profile.birthdayHint')}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {text(error)}
        </div>
      )}
    </div>
  );
}
