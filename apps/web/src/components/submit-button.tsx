import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n/i18n-store';

/** A full-width submit button that shows a spinner in place of its label and is disabled while pending. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <button type="submit" className="btn btn-primary btn-submit w-100" disabled={pending} aria-busy={pending}>
      {pending ? (
        <>
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span className="visually-hidden">{t('shell.pleaseWait')}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
