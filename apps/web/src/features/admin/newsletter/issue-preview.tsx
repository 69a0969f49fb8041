import { LoadFailed, Loading } from '../../../components/list-states';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { usePreview } from './newsletter-api';

/**
 * The e-mail in English and in Arabic as the server composes it for subscribers, each in a frame
 * with every permission taken away (no script, no form, no navigation of this page).
 */
export function IssuePreview({ id }: { id: number }) {
  const { t } = useI18n();
  const preview = usePreview(id, true);
  if (preview.isError)
    return <LoadFailed message={t('admin.newsletter.previewFailed')} onRetry={() => void preview.refetch()} />;
  if (!preview.data) return <Loading />;
  return (
    <div className="row g-3 mt-1">
      {(['en', 'ar'] as const).map((locale) => (
        <div key={locale} className="col-12 col-lg-6">
          <h3 className="h6">{t(locale === 'en' ? 'admin.newsletter.previewEn' : 'admin.newsletter.previewAr')}</h3>
          <p className="small mb-1">
            <bdi dir="auto">{preview.data[locale].subject}</bdi>
          </p>
          <iframe
            title={t(locale === 'en' ? 'admin.newsletter.previewEn' : 'admin.newsletter.previewAr')}
            sandbox=""
            srcDoc={preview.data[locale].html}
            className="w-100 border rounded"
            style={{ height: '28rem' }}
          />
        </div>
      ))}
    </div>
  );
}
