import { useId, type ReactNode } from 'react';
import { get, type FieldError, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { FieldLabel } from '../../components/field-label';
import { useI18n } from '../../lib/i18n/i18n-store';
import type { WizardValues } from './listing-form-values';

/** A field's error by its path, server errors on fields that have no input (photos, delivery) too. */
export function errorAt(errors: FieldErrors<WizardValues>, path: string): FieldError | undefined {
  const found: unknown = get(errors, path);
  return found && typeof found === 'object' && 'message' in found ? (found as FieldError) : undefined;
}

export function FieldProblem({ id, error }: { id: string; error: FieldError | undefined }) {
  const { text } = useI18n();
  if (!error?.message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {text(error.message)}
    </div>
  );
}

interface ControlProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  required?: boolean;
  hint?: string | undefined;
}

const describedBy = (id: string, hint: unknown, error: FieldError | undefined) =>
  [hint ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** What a labelled control carries so its label, hint and error are announced with it. */
interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and error around one control; `control` renders the control itself. */
function LabelledField({
  label,
  error,
  required = false,
  hint,
  control,
}: Omit<ControlProps, 'registration'> & { control: (attributes: ControlAttributes) => ReactNode }) {
  const id = useId();
  return (
    <div className="mb-3">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': describedBy(id, hint, error),
      })}
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      <FieldProblem id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled native select: light, and the phone's own picker on small screens. */
export function ChoiceField({ registration, children, ...field }: ControlProps & { children: ReactNode }) {
  return (
    <LabelledField
      {...field}
      control={(attributes) => (
        <select className={`form-select${field.error ? ' is-invalid' : ''}`} {...attributes} {...registration}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({ registration, maxLength, ...field }: ControlProps & { maxLength: number }) {
  return (
    <LabelledField
      {...field}
      control={(attributes) => (
        <textarea
          rows={6}
          dir="auto"
          data-user-content=""
          maxLength={maxLength}
          className={`form-control${field.error ? ' is-invalid' : ''}`}
          {...attributes}
          {...registration}
        />
      )}
    />
  );
}

export function CheckField({ label, registration, error }: ControlProps) {
  const id = useId();
  return (
    <div className="form-check mb-2">
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.message ? `${id}-error` : undefined}
        {...registration}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <FieldProblem id={`${id}-error`} error={error} />
    </div>
  );
}

/** A money input in dirhams: typed as text so that a half-typed '12.' stays as it is. */
export function AmountField({ registration, ...field }: ControlProps) {
  const { t } = useI18n();
  return (
    <LabelledField
      {...field}
      control={(attributes) => (
        <div className="input-group">
          <span className="input-group-text">{t('sell.currency')}</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={`form-control${field.error ? ' is-invalid' : ''}`}
            {...attributes}
            {...registration}
          />
        </div>
      )}
    />
  );
}
