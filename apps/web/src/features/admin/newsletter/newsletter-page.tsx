import { useState } from 'react';
import { LoadFailed, Loading } from '../../../components/list-states';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { IssueForm } from './issue-form';
import { IssuePanel } from './issue-panel';
import { STATUS_LABELS } from './issue-status';
import { useIssues, useLiveProgress } from './newsletter-api';

/**
 * /admin/newsletter (issue 31, decision 040, newsletter.send): the issues, newest first; write one
 * in both languages, preview it, test it to yourself, send it to the list and follow its progress
 * live, or cancel what is not sent yet.
 */
export function NewsletterAdminPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('admin.newsletter.title'));
  useLiveProgress();
  const list = useIssues();
  const [open, setOpen] = useState<number | 'new'>();
  return (
    <section aria-labelledby="newsletter-title">
      <h1 id="newsletter-title" className="h3 mb-1">
        {t('admin.newsletter.title')}
      </h1>
      <p className="text-body-secondary">{t('admin.newsletter.intro')}</p>
      {list.isError ? (
        <LoadFailed message={t('admin.newsletter.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : (
        <>
          <button type="button" className="btn btn-primary mb-3" onClick={() => setOpen('new')}>
            {t('admin.newsletter.new')}
          </button>
          {open === 'new' && <IssueForm onDone={setOpen} />}
          {typeof open === 'number' && <IssuePanel key={open} id={open} />}
          {list.data.length === 0 && <p className="empty-state">{t('admin.newsletter.empty')}</p>}
          <ul className="list-unstyled">
            {list.data.map((issue) => (
              <li key={issue.id} className="border-bottom py-2 d-flex flex-wrap align-items-center gap-2">
                <button
                  type="button"
                  className="btn btn-link p-0 text-start"
                  aria-current={open === issue.id ? 'true' : undefined}
                  onClick={() => setOpen(issue.id)}
                >
                  <bdi dir="auto">{locale === 'ar' ? issue.subject_ar : issue.subject}</bdi>
                </button>
                <span className="badge text-bg-light">{t(STATUS_LABELS[issue.status])}</span>
                {issue.status !== 'draft' && (
                  <span className="small text-body-secondary">
                    {t('admin.newsletter.progress', { ...issue.progress })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
