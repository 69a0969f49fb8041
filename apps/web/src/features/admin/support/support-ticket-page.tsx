import {
  SUPPORT_STATE_NAMES,
  SUPPORT_TOPIC_NAMES,
  supportManualStates,
} from '@marketplace/contracts/support-essentials';
import type { StaffSupportTicket } from '@marketplace/contracts/support';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/list-states';
import { NotFoundPage } from '../../../components/not-found-page';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCatalogueFormat } from '../../../lib/format';
import { apiError, isHttpError } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n/i18n-store';
import { useStaffMay } from '../api/staff-session';
import { staffPaths } from '../staff-paths';
import { UserText } from '../user-text';
import { useCannedAnswers, useLiveSupport, useSupportChange, useSupportTicket } from './support-desk-api';
import './support-desk.css';

/**
 * /admin/support/:id (issue 30): a ticket with its whole thread, internal notes marked; who wrote
 * it (their back-office page) and what about (their order, a listing); its state and who has it; the
 * reply box, where a canned answer goes in the user's language, and a note that the user never sees.
 */
export function SupportTicketPage() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <TicketScreen key={id} id={id} />;
}

function TicketScreen({ id }: { id: number }) {
  const { t } = useI18n();
  const ticket = useSupportTicket(id);
  useLiveSupport();
  usePageTitle(`${t('support.ticketTitle', { id })} · ${t('admin.support.title')}`);
  if (ticket.isError) {
    if (isHttpError(ticket.error, 404)) return <NotFoundPage />;
    return <LoadFailed message={t('support.loadFailed')} onRetry={() => void ticket.refetch()} />;
  }
  if (!ticket.data) return <Loading />;
  return <TicketView ticket={ticket.data} />;
}

function TicketView({ ticket }: { ticket: StaffSupportTicket }) {
  const { t, text } = useI18n();
  const format = useCatalogueFormat();
  const mayReply = useStaffMay('support.reply');
  const change = useSupportChange(ticket.id);
  const [error, setError] = useState<string>();
  const [said, setSaid] = useState<string>();
  const stateId = useId();
  const assignId = useId();
  const failed = (failure: unknown) => {
    const api = apiError(failure);
    setError(api ? text(api.body.message) : t('shell.serverUnreachable'));
  };
  const run = (payload: Parameters<typeof change.mutate>[0], done?: string) => {
    setError(undefined);
    setSaid(undefined);
    change.mutate(payload, { onError: failed, onSuccess: () => setSaid(done) });
  };

  return (
    <article aria-labelledby="support-ticket-title">
      <p className="mb-2">
        <Link to={staffPaths.support}>{t('admin.support.back')}</Link>
      </p>
      <h1 id="support-ticket-title" className="h3 text-break">
        {t('support.ticketTitle', { id: ticket.id })}: <UserText>{ticket.subject}</UserText>
      </h1>
      <dl className="row small mb-3">
        <dt className="col-sm-3">{t('admin.support.requester')}</dt>
        <dd className="col-sm-9">
          <UserText>{ticket.requester}</UserText> · <UserText>{ticket.email}</UserText>
          {ticket.user_id !== null && (
            <>
              {' '}
              · <Link to={staffPaths.user(ticket.user_id)}>{t('admin.support.userPage')}</Link>
            </>
          )}
        </dd>
        <dt className="col-sm-3">{t('support.field.topic')}</dt>
        <dd className="col-sm-9">
          {t(SUPPORT_TOPIC_NAMES[ticket.topic])}
          {ticket.order_id !== null && ticket.user_id !== null && (
            <>
              {' '}
              ·{' '}
              <Link to={staffPaths.user(ticket.user_id)}>{t('admin.support.orderPage', { id: ticket.order_id })}</Link>
            </>
          )}
          {ticket.listing_id !== null && (
            <>
              {' '}
              ·{' '}
              <Link to={staffPaths.moderationTarget('listing', ticket.listing_id)}>
                {t('admin.support.listingPage', { id: ticket.listing_id })}
              </Link>
            </>
          )}
        </dd>
        <dt className="col-sm-3">{t('admin.support.stateHeading')}</dt>
        <dd className="col-sm-9" data-testid="desk-state">
          {t(SUPPORT_STATE_NAMES[ticket.state])}
        </dd>
        <dt className="col-sm-3">{t('admin.support.assignee')}</dt>
        <dd className="col-sm-9">
          {ticket.assignee ? <UserText>{ticket.assignee.name}</UserText> : t('admin.support.nobody')}
        </dd>
      </dl>
      <p className="small text-body-secondary">
        {t('admin.support.language', {
          language: t(ticket.locale === 'ar' ? 'admin.support.languageName.ar' : 'admin.support.languageName.en'),
        })}
      </p>
      <div role="status">{said && <div className="alert alert-success">{said}</div>}</div>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <ol className="list-unstyled" aria-label={t('support.ticketTitle', { id: ticket.id })}>
        {ticket.messages.map((message) => (
          <li
            key={message.id}
            className={`card mb-2${message.internal ? ' support-desk-note' : message.from === 'staff' ? ' support-desk-staff' : ''}`}
          >
            <div className="card-body py-2">
              <p className="small text-body-secondary mb-1">
                <strong>
                  {message.internal
                    ? t('admin.support.internal')
                    : message.from === 'staff'
                      ? t('support.team', { name: message.author ?? '' })
                      : t('admin.support.fromUser')}
                </strong>
                {message.internal && message.author ? (
                  <>
                    {' '}
                    · <UserText>{message.author}</UserText>
                  </>
                ) : null}{' '}
                · <time dateTime={message.created_at}>{format.dateTime(message.created_at)}</time>
              </p>
              <p className="support-desk-message-body mb-0" dir="auto">
                {message.body}
              </p>
              {message.photos.length > 0 && (
                <div className="d-flex flex-wrap gap-2 mt-2">
                  {message.photos.map((photo, index) => (
                    <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.url}
                        alt={t('support.photoAlt', { number: index + 1 })}
                        width={120}
                        height={Math.round((120 * photo.height) / photo.width)}
                        className="rounded border"
                      />
                    </a>
                  ))}
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
      {mayReply && (
        <>
          <ReplyBox
            ticket={ticket}
            onSend={(body, internal) =>
              run(
                { kind: 'reply', body, internal },
                t(internal ? 'admin.support.noteSaved' : 'admin.support.replySent'),
              )
            }
            busy={change.isPending}
          />
          <div className="row g-3 mt-2">
            <div className="col-sm-6">
              <label htmlFor={stateId} className="form-label">
                {t('admin.support.setState')}
              </label>
              <select
                id={stateId}
                className="form-select"
                value=""
                disabled={change.isPending}
                onChange={(event) =>
                  run({ kind: 'state', state: event.target.value as (typeof supportManualStates)[number] })
                }
              >
                <option value="" disabled>
                  {t(SUPPORT_STATE_NAMES[ticket.state])}
                </option>
                {supportManualStates
                  .filter((state) => state !== ticket.state)
                  .map((state) => (
                    <option key={state} value={state}>
                      {t(SUPPORT_STATE_NAMES[state])}
                    </option>
                  ))}
              </select>
            </div>
            <div className="col-sm-6">
              <label htmlFor={assignId} className="form-label">
                {t('admin.support.assign')}
              </label>
              <select
                id={assignId}
                className="form-select"
                value={ticket.assignee ? String(ticket.assignee.id) : ''}
                disabled={change.isPending}
                onChange={(event) =>
                  run({ kind: 'assign', assignee_id: event.target.value ? Number(event.target.value) : null })
                }
              >
                <option value="">{t('admin.support.nobody')}</option>
                {ticket.assignable.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </>
      )}
    </article>
  );
}

function ReplyBox({
  ticket,
  onSend,
  busy,
}: {
  ticket: StaffSupportTicket;
  onSend: (body: string, internal: boolean) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const ids = useId();
  const canned = useCannedAnswers();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSend(body, internal);
    setBody('');
  };
  return (
    <form onSubmit={submit} noValidate className="card card-body">
      {canned.data && canned.data.length > 0 && (
        <div className="mb-2">
          <label htmlFor={`${ids}-canned`} className="form-label">
            {t('admin.support.insertCanned')}
          </label>
          <select
            id={`${ids}-canned`}
            className="form-select"
            value=""
            onChange={(event) => {
              const answer = canned.data.find((item) => item.id === Number(event.target.value));
              if (answer)
                setBody(
                  (text) => `${text}${text ? '\n\n' : ''}${ticket.locale === 'ar' ? answer.body_ar : answer.body_en}`,
                );
            }}
          >
            <option value="" disabled>
              {t('admin.support.canned')}
            </option>
            {canned.data.map((answer) => (
              <option key={answer.id} value={answer.id}>
                {ticket.locale === 'ar' ? answer.title_ar : answer.title_en}
              </option>
            ))}
          </select>
        </div>
      )}
      <label htmlFor={`${ids}-body`} className="form-label">
        {t(internal ? 'admin.support.note' : 'admin.support.reply')}
      </label>
      <textarea
        id={`${ids}-body`}
        className="form-control mb-2"
        rows={5}
        dir="auto"
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="form-check mb-2">
        <input
          id={`${ids}-internal`}
          type="checkbox"
          className="form-check-input"
          checked={internal}
          onChange={(event) => setInternal(event.target.checked)}
          aria-describedby={`${ids}-internal-hint`}
        />
        <label htmlFor={`${ids}-internal`} className="form-check-label">
          {t('admin.support.internal')}
        </label>
        <div id={`${ids}-internal-hint`} className="form-text">
          {t('admin.support.noteHint')}
        </div>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy || !body.trim()} aria-busy={busy}>
          {t(internal ? 'admin.support.saveNote' : 'admin.support.send')}
        </button>
      </div>
    </form>
  );
}
