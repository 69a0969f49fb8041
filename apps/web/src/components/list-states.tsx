import { useI18n } from '../lib/i18n/i18n-store';

/** What a list or page shows while its data is on the way. */
export function Loading() {
  const { t } = useI18n();
  return (
    <div className="d-flex align-items-center gap-2 py-4" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      {t('shell.loading')}
    </div>
  );
}

/** What could not be loaded, said as an alert, with Try again. */
export function LoadFailed({
  message,
  onRetry,
  small = false,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  /** A small button, where the alert sits in a narrow column. */
  small?: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <div className={`alert alert-danger${className ? ` ${className}` : ''}`} role="alert">
      <p className="mb-2">{message}</p>
      <button type="button" className={`btn btn-outline-danger${small ? ' btn-sm' : ''}`} onClick={onRetry}>
        {t('routeError.tryAgain')}
      </button>
    </div>
  );
}
