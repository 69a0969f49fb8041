import type { AdminNewsletterIssue } from '@marketplace/contracts/newsletter';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';
import { IssueForm } from './issue-form';
import { IssuePreview } from './issue-preview';
import { STATUS_LABELS } from './issue-status';
import { useCancelIssue, useIssue, useSendIssue, useTestIssue } from './newsletter-api';

/** Sent / total / failed, live while the issue is being sent (the staff channel asks it again). */
export function IssueProgress({ issue }: { issue: AdminNewsletterIssue }) {
  const { t } = useI18n();
  const { total, sent, failed, skipped } = issue.progress;
  return (
    <div className="mb-3">
      <progress
        className="w-100"
        max={Math.max(total, 1)}
        value={sent + failed + skipped}
        aria-labelledby={`progress-${issue.id}`}
      />
      <p id={`progress-${issue.id}`} className="small mb-0" aria-live="polite">
        {t('admin.newsletter.progress', { sent, total, failed, skipped })}
      </p>
    </div>
  );
}

/** One issue: a draft's words, preview, test and send; a sending's progress and cancel; a sent one's counts. */
export function IssuePanel({ id }: { id: number }) {
  const { t } = useI18n();
  const issue = useIssue(id);
  const [editing, setEditing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const test = useTestIssue(id);
  const send = useSendIssue(id);
  const cancel = useCancelIssue(id);
  if (!issue.data) return null;
  const data = issue.data;
  const act = async (work: () => Promise<unknown>, done: Parameters<typeof t>[0]) => {
    try {
      await work();
      notify.success(t(done));
    } catch {
      notify.error(t('admin.newsletter.actionFailed'));
    }
  };
  return (
    <section className="card card-body my-3" aria-labelledby={`issue-${id}`}>
      <h2 id={`issue-${id}`} className="h5">
        <bdi dir="auto">{data.subject}</bdi> · <bdi dir="rtl">{data.subject_ar}</bdi>
      </h2>
      <p className="small text-body-secondary">{t(STATUS_LABELS[data.status])}</p>
      {data.status !== 'draft' && <IssueProgress issue={data} />}
      {editing ? (
        <IssueForm issue={data} onDone={() => setEditing(false)} />
      ) : (
        <div className="d-flex flex-wrap gap-2">
          {data.status === 'draft' && (
            <button type="button" className="btn btn-outline-secondary" onClick={() => setEditing(true)}>
              {t('admin.newsletter.edit')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-expanded={previewing}
            onClick={() => setPreviewing(!previewing)}
          >
            {t('admin.newsletter.preview')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={test.isPending}
            onClick={() => void act(() => test.mutateAsync(['en', 'ar']), 'admin.newsletter.testSent')}
          >
            {t('admin.newsletter.sendTest')}
          </button>
          {data.status === 'draft' &&
            (confirming ? (
              <span
                role="group"
                aria-label={t('admin.newsletter.sendConfirm')}
                className="d-flex flex-wrap align-items-center gap-2"
              >
                <span>{t('admin.newsletter.sendConfirm')}</span>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={send.isPending}
                  onClick={() => void act(() => send.mutateAsync(undefined), 'admin.newsletter.sendingStarted')}
                >
                  {t('admin.newsletter.sendNow')}
                </button>
                <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirming(false)}>
                  {t('admin.help.cancel')}
                </button>
              </span>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
                {t('admin.newsletter.send')}
              </button>
            ))}
          {data.status === 'sending' && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={cancel.isPending}
              onClick={() => void act(() => cancel.mutateAsync(undefined), 'admin.newsletter.cancelled')}
            >
              {t('admin.newsletter.cancelSending')}
            </button>
          )}
        </div>
      )}
      {previewing && <IssuePreview id={id} />}
    </section>
  );
}
