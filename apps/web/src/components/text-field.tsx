import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../lib/i18n/i18n-store';
import { FieldLabel } from './field-label';
import { TextInput, type TextInputProps } from './text-input';

export interface TextFieldProps extends Omit<TextInputProps, 'id' | 'ref'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  required?: boolean;
  hint?: string;
}

/**
 * A labelled text input registered with react-hook-form, whose error and hint are tied to it for
 * screen readers; it takes TextInput's limit (5000 characters by default), count and Enter event.
 * The error is a contract's message (shown in the page's language, again after a switch) or text.
 */
export function TextField({ label, registration, error, required = false, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const { text } = useI18n();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error?.message && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <TextInput
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...inputProps}
        {...registration}
      />
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error?.message && (
        <div id={errorId} className="invalid-feedback d-block">
          {text(error.message)}
        </div>
      )}
    </div>
  );
}
