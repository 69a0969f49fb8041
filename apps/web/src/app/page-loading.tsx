import { useI18n } from '../lib/i18n/i18n-store';

/** Stands in for a page while its code arrives; the spinner shows only if that takes a moment. */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="page-loading text-center py-5" role="status">
      <span className="spinner-border text-secondary" aria-hidden="true" />
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}
