import {
  SUPPORT_LIMITS,
  SUPPORT_STATE_NAMES,
  SUPPORT_TOPIC_NAMES,
  type SupportTicket,
} from '@marketplace/contracts/support-essentials';
import { useId, useState, type SyntheticEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useCatalogueFormat } from '../../lib/format';
import { ticketQueryKey, uploadTicketPhoto, useReply, type TicketAccess } from './support-api';

/** A ticket's thread as its user (or visitor) sees it: their words and the team's, then a reply box. */
export function TicketThread({ ticket, access }: { ticket: SupportTicket; access: TicketAccess }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const heading = useId();
  return (
    <div className="support-page mx-auto">
      <h1 className="h3 mb-1" id={heading}>
        {t('support.ticketTitle', { id: ticket.id })}
      </h1>
      <p className="text-body-secondary mb-3">
        {t(SUPPORT_TOPIC_NAMES[ticket.topic])} ·{' '}
        <span data-testid="ticket-state">
          {t('support.stateLabel', { state: t(SUPPORT_STATE_NAMES[ticket.state]) })}
        </span>
      </p>
      <ol className="list-unstyled support-thread" aria-labelledby={heading}>
        {ticket.messages.map((message) => (
          <li
            key={message.id}
            className={`support-message card mb-3${message.from === 'staff' ? ' support-message-staff' : ''}`}
          >
            <div className="card-body">
              <p className="small text-body-secondary mb-2">
                <strong>
                  {message.from === 'staff' ? t('support.team', { name: message.author ?? '' }) : t('support.you')}
                </strong>{' '}
                · <time dateTime={message.created_at}>{format.dateTime(message.created_at)}</time>
              </p>
              <p className="support-message-body mb-0">{message.body}</p>
              {message.photos.length > 0 && (
                <div className="d-flex flex-wrap gap-2 mt-2">
                  {message.photos.map((photo, index) => (
                    <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.url}
                        width={Math.min(160, photo.width)}
                        height={Math.round((Math.min(160, photo.width) * photo.height) / photo.width)}
                        alt={t('support.photoAlt', { number: index + 1 })}
                        className="rounded border support-photo"
                      />
                    </a>
                  ))}
                </div>
              )}
            </div>
          </li>
        ))}
      </ol>
      {ticket.photos_left > 0 && <PhotoAdder access={access} left={ticket.photos_left} />}
      {ticket.state === 'resolved' && <p className="alert alert-info">{t('support.resolvedNote')}</p>}
      <ReplyForm access={access} />
    </div>
  );
}

function ReplyForm({ access }: { access: TicketAccess }) {
  const { t, text } = useI18n();
  const id = useId();
  const reply = useReply(access);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    reply.mutate(body, {
      onSuccess: () => setBody(''),
      onError: (failure) => {
        const api = apiError(failure);
        setError(api ? text(api.body.errors?.body?.[0] ?? api.body.message) : t('shell.serverUnreachable'));
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3">
      <label htmlFor={id} className="form-label">
        {t('support.reply')}
      </label>
      <textarea
        id={id}
        className={`form-control mb-2${error ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={SUPPORT_LIMITS.messageMax}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block mb-2">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={reply.isPending} aria-busy={reply.isPending}>
        {t('support.sendReply')}
      </button>
    </form>
  );
}

function PhotoAdder({ access, left }: { access: TicketAccess; left: number }) {
  const { t, text } = useI18n();
  const id = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onChange = async (files: FileList | null) => {
    setError(undefined);
    setBusy(true);
    try {
      for (const file of [...(files ?? [])].slice(0, left)) {
        queryClient.setQueryData(ticketQueryKey(access), await uploadTicketPhoto(access, file));
      }
    } catch (failure) {
      const api = apiError(failure);
      setError(api ? text(api.body.errors?.photo?.[0] ?? api.body.message) : t('shell.serverUnreachable'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('support.field.photos')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        className="form-control"
        disabled={busy}
        onChange={(event) => void onChange(event.target.files)}
      />
      {error && (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
