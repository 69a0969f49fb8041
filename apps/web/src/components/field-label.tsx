import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';

/** A field's label with the required marker, which screen readers skip (the input says aria-required). */
export function FieldLabel({
  htmlFor,
  required = false,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="form-label">
      {children}
      {required && (
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

/** The legend for the required marker, shown once per form (docs/product/specification.md §2). */
export function RequiredLegend() {
  const { t } = useI18n();
  return (
    <p className="small text-body-secondary">
      <span className="text-danger" aria-hidden="true">
        *
      </span>{' '}
      {t('shell.requiredField')}
    </p>
  );
}
