import { characterCount } from '@marketplace/contracts';
import {
  ACTION_REASONS,
  MODERATION_LIMITS,
  MODERATION_REASON_NAMES,
  moderationActionSchema,
  type ModerationAction,
  type ModerationActionRequest,
  type ModerationTarget,
} from '@marketplace/contracts/staff';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { ConfirmPanel } from '../../../components/confirm-panel';
import { apiError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useModerationAct } from './api/moderation';
import { ACTION_DONE, ACTION_NAMES } from './moderation-words';

/** A suspension's lengths the form offers, in days; "for good" sends none. */
export const SUSPENSION_PERIODS = [1, 3, 7, 30, 90] as const;
const FOR_GOOD = 'forever';

type Field = 'action' | 'reason' | 'days' | 'note';
type Problems = Partial<Record<Field, string | undefined>>;
const FIELDS: readonly Field[] = ['action', 'reason', 'days', 'note'];

/** Actions whose effect is hard to undo for the person acted on: asked again before they are sent. */
const CONFIRMED: readonly ModerationAction[] = ['remove', 'suspend'];

/**
 * What a moderator does about a target: one of the actions its state allows, a reason from that
 * action's list, for a suspension how long, and a note only staff read. Checked here with the rules
 * the server applies; remove and suspend ask once more. The answer is the target as the action left
 * it (the page shows it) and `onDone` says what happened.
 */
export function ModerationActionForm({ target, onDone }: { target: ModerationTarget; onDone: (said: string) => void }) {
  const { t, text } = useI18n();
  const id = useId();
  const act = useModerationAct(target.type, target.id);
  const [action, setAction] = useState<ModerationAction | undefined>(
    target.actions.length === 1 ? target.actions[0] : undefined,
  );
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<string>('7');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const show = (found: Problems) => {
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  };

  const body = (): ModerationActionRequest | undefined => {
    const request = {
      action,
      reason: reason || undefined,
      note: note.trim() || null,
      ...(action === 'suspend' && { days: days === FOR_GOOD ? null : Number(days) }),
    };
    const checked = moderationActionSchema.safeParse(request);
    if (checked.success) return checked.data;
    const found: Problems = {};
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      const name = FIELDS.find((candidate) => candidate === field);
      if (name && !found[name]) found[name] = text(issue.message);
    }
    show(found);
    return undefined;
  };

  const send = (request: ModerationActionRequest) => {
    setAlert(undefined);
    act.mutate(request, {
      onSuccess: () => {
        setConfirming(false);
        setAction(undefined);
        setReason('');
        setNote('');
        setProblems({});
        onDone(t(ACTION_DONE[request.action]));
      },
      onError: (error) => {
        setConfirming(false);
        const failure = apiError(error);
        if (!failure) {
          setAlert(t('shell.serverUnreachable'));
          return;
        }
        const errors = failure.status === 422 ? (failure.body.errors ?? {}) : {};
        const found: Problems = {};
        for (const field of FIELDS) {
          const said = errors[field]?.[0];
          if (said) found[field] = said;
        }
        if (Object.keys(found).length > 0) show(found);
        // Out of turn (409: someone acted first), or any other refusal: what the server said.
        else setAlert(failure.body.message || t('admin.moderation.failed'));
      },
    });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (act.isPending) return;
    setAlert(undefined);
    const request = body();
    if (!request) return;
    setProblems({});
    if (CONFIRMED.includes(request.action)) setConfirming(true);
    else send(request);
  };

  const choose = (next: ModerationAction) => {
    setAction(next);
    // Each action has reasons of its own.
    setReason('');
    setConfirming(false);
    setProblems({});
    setAlert(undefined);
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const problem = (field: Field) =>
    problems[field] && (
      <div id={errorId(field)} className="invalid-feedback d-block">
        {problems[field]}
      </div>
    );
  const described = (field: Field, ...others: string[]) =>
    [...others, problems[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;

  const noteLeft = MODERATION_LIMITS.noteMax - characterCount(note);
  const ownerName = target.owner?.name ?? target.title;

  return (
    <form className="moderation-form" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        {t('admin.moderation.actHeading')}
      </h2>
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <fieldset
        className="mb-3"
        aria-invalid={problems.action ? true : undefined}
        aria-describedby={described('action')}
      >
        <legend className="fs-6 fw-semibold">{t('admin.moderation.actionLegend')}</legend>
        {target.actions.map((value, index) => (
          <div key={value} className="form-check">
            <input
              ref={
                index === 0
                  ? (element) => {
                      fields.current.action = element;
                    }
                  : undefined
              }
              className={`form-check-input${problems.action ? ' is-invalid' : ''}`}
              type="radio"
              name={`${id}-action`}
              id={`${id}-action-${value}`}
              value={value}
              checked={action === value}
              onChange={() => choose(value)}
            />
            <label className="form-check-label" htmlFor={`${id}-action-${value}`}>
              {t(ACTION_NAMES[value])}
            </label>
          </div>
        ))}
        {problem('action')}
      </fieldset>
      {action && (
        <>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-reason`}>
              {t('admin.moderation.reason')}
            </label>
            <select
              ref={(element) => {
                fields.current.reason = element;
              }}
              id={`${id}-reason`}
              className={`form-select${problems.reason ? ' is-invalid' : ''}`}
              value={reason}
              aria-invalid={problems.reason ? true : undefined}
              aria-describedby={described('reason', `${id}-reason-hint`)}
              onChange={(event) => {
                setReason(event.target.value);
                setProblems((current) => ({ ...current, reason: undefined }));
              }}
            >
              <option value="">{t('admin.moderation.chooseReason')}</option>
              {ACTION_REASONS[action].map((value) => (
                <option key={value} value={value}>
                  {t(MODERATION_REASON_NAMES[value])}
                </option>
              ))}
            </select>
            <div id={`${id}-reason-hint`} className="form-text">
              {t('admin.moderation.reasonHint')}
            </div>
            {problem('reason')}
          </div>
          {action === 'suspend' && (
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-days`}>
                {t('admin.moderation.period')}
              </label>
              <select
                ref={(element) => {
                  fields.current.days = element;
                }}
                id={`${id}-days`}
                className={`form-select${problems.days ? ' is-invalid' : ''}`}
                value={days}
                aria-invalid={problems.days ? true : undefined}
                aria-describedby={described('days')}
                onChange={(event) => {
                  setDays(event.target.value);
                  setProblems((current) => ({ ...current, days: undefined }));
                }}
              >
                {SUSPENSION_PERIODS.map((count) => (
                  <option key={count} value={String(count)}>
                    {t('admin.moderation.days', { count })}
                  </option>
                ))}
                <option value={FOR_GOOD}>{t('admin.moderation.forGood')}</option>
              </select>
              {problem('days')}
            </div>
          )}
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-note`}>
              {t('admin.moderation.note')}
            </label>
            <textarea
              ref={(element) => {
                fields.current.note = element;
              }}
              id={`${id}-note`}
              className={`form-control${problems.note ? ' is-invalid' : ''}`}
              rows={3}
              dir="auto"
              value={note}
              aria-invalid={problems.note ? true : undefined}
              aria-describedby={described('note', `${id}-note-hint`, `${id}-note-count`)}
              onChange={(event) => {
                setNote(event.target.value);
                setProblems((current) => ({ ...current, note: undefined }));
              }}
            />
            <div id={`${id}-note-hint`} className="form-text">
              {t('admin.moderation.noteHint')}
            </div>
            <div id={`${id}-note-count`} className={`form-text${noteLeft < 0 ? ' text-danger' : ''}`}>
              {noteLeft < 0
                ? t('textInput.tooMany', { count: -noteLeft })
                : t('textInput.remaining', { count: noteLeft })}
            </div>
            {problem('note')}
          </div>
        </>
      )}
      {confirming && action ? (
        <ConfirmPanel
          title={
            action === 'remove'
              ? t('admin.moderation.confirmRemoveTitle', { title: target.title })
              : t('admin.moderation.confirmSuspendTitle', { name: ownerName })
          }
          text={t(action === 'remove' ? 'admin.moderation.confirmRemoveText' : 'admin.moderation.confirmSuspendText')}
          confirmLabel={t(ACTION_NAMES[action])}
          cancelLabel={t('admin.moderation.cancel')}
          busy={act.isPending}
          onConfirm={() => {
            const request = body();
            if (request) send(request);
            else setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button
          type="submit"
          className={`btn ${action && CONFIRMED.includes(action) ? 'btn-danger' : 'btn-primary'}`}
          disabled={act.isPending}
          aria-busy={act.isPending || undefined}
        >
          {act.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t(action ? ACTION_NAMES[action] : 'admin.moderation.actHeading')}
        </button>
      )}
    </form>
  );
}
