import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../../lib/i18n/i18n-store';

/** A choice in the category form (its parent, how its listings trade), its error under it. */
export function CategorySelect({
  label,
  none,
  options,
  registration,
  error,
}: {
  label: string;
  /** The first choice, for nothing (no parent: a top category); left out, a choice is needed. */
  none?: string;
  options: { value: string; name: string }[];
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  const { text } = useI18n();
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.message ? `${id}-error` : undefined}
        {...registration}
      >
        {none !== undefined && <option value="">{none}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </select>
      {error?.message && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {text(error.message)}
        </div>
      )}
    </div>
  );
}
