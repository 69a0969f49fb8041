import { useId, type ReactNode } from 'react';
import { FieldLabel } from '../../components/field-label';
import { apiError } from '../../lib/http';
import { t } from '../../lib/i18n/i18n-store';

/** What the API refused: messages under their fields (422), or one for the whole form (409, 429, …). */
export interface Refusal {
  fields: Record<string, string>;
  message?: string;
}

/** Reads a failed call: a 422's first message per field; anything else, its message or "unreachable". */
export function refusalOf(error: unknown, fields: readonly string[]): Refusal {
  const failure = apiError(error);
  if (!failure) return { fields: {}, message: t('shell.serverUnreachable') };
  const placed: Record<string, string> = {};
  const errors = failure.status === 422 ? (failure.body.errors ?? {}) : {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first && fields.includes(field)) placed[field] = first;
  }
  if (Object.keys(placed).length > 0) return { fields: placed };
  const other = Object.values(errors)[0]?.[0];
  return { fields: {}, message: other ?? failure.body.message };
}

/** A labelled control with its error under it, tied together for screen readers. */
export function OrderField({
  label,
  error,
  required = false,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  hint?: string | undefined;
  children: (props: {
    id: string;
    className: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'aria-required': true | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-3">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children({
        id,
        className: error ? ' is-invalid' : '',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/** The form's refusal that belongs to no field: a 409's message, say. */
export function FormProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      {message}
    </div>
  );
}

/** A submit button that says it is busy while its request is under way. */
export function PendingButton({
  pending,
  className = 'btn btn-primary',
  type = 'submit',
  onClick,
  children,
}: {
  pending: boolean;
  className?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button type={type} className={className} disabled={pending} aria-busy={pending || undefined} onClick={onClick}>
      {pending && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
      {children}
    </button>
  );
}
