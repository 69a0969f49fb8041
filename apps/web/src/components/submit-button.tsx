import type { ReactNode } from 'react';

/** A full-width submit button that shows a spinner in place of its label and is disabled while pending. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-submit w-100" disabled={pending} aria-busy={pending}>
      {pending ? (
        <>
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span className="visually-hidden">Please wait…</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
