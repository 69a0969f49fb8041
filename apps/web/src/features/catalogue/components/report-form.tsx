import {
  CATALOGUE_API,
  REPORT_LIMITS,
  REPORT_REASON_NAMES,
  reportDetailsProblem,
  reportProblemMessage,
  reportReasons,
  USER_REPORT_REASON_NAMES,
  userReportReasons,
  userReportUrl,
} from '@marketplace/contracts/catalogue-essentials';
import type { MessageKey } from '@marketplace/contracts/i18n';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { apiError, http } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { notify } from '../../../lib/toasts/notify';

interface Problems {
  reason?: string | undefined;
  details?: string | undefined;
}

/** What is reported: a listing (its page's Report) or a person (their page's). */
export interface ReportTarget {
  kind: 'listing' | 'user';
  id: number;
}

interface ReportKind {
  url: (id: number) => string;
  reasons: readonly string[];
  names: Readonly<Record<string, MessageKey>>;
  heading: MessageKey;
  intro: MessageKey;
  reasonRequired: MessageKey;
}

/** Each kind's address, reasons and words; the rules of the details are the same for both. */
const KINDS: Readonly<Record<ReportTarget['kind'], ReportKind>> = {
  listing: {
    url: CATALOGUE_API.listingReport,
    reasons: reportReasons,
    names: REPORT_REASON_NAMES,
    heading: 'report.heading',
    intro: 'report.intro',
    reasonRequired: 'report.reasonRequired',
  },
  user: {
    url: userReportUrl,
    reasons: userReportReasons,
    names: USER_REPORT_REASON_NAMES,
    heading: 'userReport.heading',
    intro: 'userReport.intro',
    reasonRequired: 'userReport.reasonRequired',
  },
};

export interface ReportFormProps {
  target: ReportTarget;
  /** Sent, or already sent before: what to say in the form's place. */
  onDone: (said: string) => void;
  onCancel: () => void;
}

/** Why the listing or person is reported, and details for "Something else"; checked here as the API checks it. */
export function ReportForm({ target, onDone, onCancel }: ReportFormProps) {
  const kind = KINDS[target.kind];
  const { t, text } = useI18n();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<string>();
  const [details, setDetails] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);

  useEffect(() => headingRef.current?.focus(), []);

  const show = (found: Problems) => {
    setProblems(found);
    if (found.reason) firstReasonRef.current?.focus();
    else if (found.details) detailsRef.current?.focus();
  };

  const send = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (sending) return;
    const problem = reason && reportDetailsProblem({ reason, details });
    const found: Problems = {
      ...(!reason && { reason: t(kind.reasonRequired) }),
      ...(problem && { details: text(reportProblemMessage(problem)) }),
    };
    if (found.reason || found.details) {
      show(found);
      return;
    }
    setSending(true);
    try {
      await http.post(kind.url(target.id), { reason, details: details.trim() || null });
      notify.success(t('report.sent'));
      onDone(t('report.sent'));
    } catch (error) {
      const failure = apiError(error);
      if (!failure) notify.error(t('shell.serverUnreachable'));
      // Out of turn (own, already reported) or not allowed yet (an unverified address): said in place.
      else if (failure.status === 409 || failure.status === 403) onDone(failure.body.message);
      else if (failure.status === 422 || failure.status === 429) {
        const errors = failure.body.errors ?? {};
        show({ reason: errors.reason?.[0], details: errors.details?.[0] });
      } else notify.error(failure.body.message);
    } finally {
      setSending(false);
    }
  };

  const reasonErrorId = `${id}-reason-error`;
  const detailsHintId = `${id}-details-hint`;
  const detailsErrorId = `${id}-details-error`;
  return (
    <form className="report-form" noValidate onSubmit={(event) => void send(event)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="h5">
        {t(kind.heading)}
      </h2>
      <p className="text-body-secondary">{t(kind.intro)}</p>
      <fieldset
        className="mb-3"
        aria-invalid={problems.reason ? true : undefined}
        aria-describedby={problems.reason ? reasonErrorId : undefined}
      >
        <legend className="fs-6 fw-semibold">{t('report.reasonLegend')}</legend>
        {kind.reasons.map((value, index) => (
          <div key={value} className="form-check">
            <input
              ref={index === 0 ? firstReasonRef : undefined}
              className={`form-check-input${problems.reason ? ' is-invalid' : ''}`}
              type="radio"
              name={`${id}-reason`}
              id={`${id}-${value}`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setProblems((current) => ({ ...current, reason: undefined }));
              }}
            />
            <label className="form-check-label" htmlFor={`${id}-${value}`}>
              {t(kind.names[value] as MessageKey)}
            </label>
          </div>
        ))}
        {problems.reason && (
          <div id={reasonErrorId} className="invalid-feedback d-block">
            {problems.reason}
          </div>
        )}
      </fieldset>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-details`}>
          {t('report.details')}
        </label>
        <textarea
          ref={detailsRef}
          id={`${id}-details`}
          className={`form-control${problems.details ? ' is-invalid' : ''}`}
          rows={3}
          dir="auto"
          value={details}
          aria-invalid={problems.details ? true : undefined}
          aria-describedby={problems.details ? `${detailsHintId} ${detailsErrorId}` : detailsHintId}
          onChange={(event) => {
            setDetails(event.target.value);
            setProblems((current) => ({ ...current, details: undefined }));
          }}
        />
        <div id={detailsHintId} className="form-text">
          {t('report.detailsHint', { max: REPORT_LIMITS.detailsMax })}
        </div>
        {problems.details && (
          <div id={detailsErrorId} className="invalid-feedback d-block">
            {problems.details}
          </div>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-danger" disabled={sending} aria-busy={sending || undefined}>
          {sending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('report.send')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('report.cancel')}
        </button>
      </div>
    </form>
  );
}
