import {
  SUPPORT_LIMITS,
  SUPPORT_TOPIC_NAMES,
  supportTopics,
  type SupportTopic,
} from '@marketplace/contracts/support-essentials';
import { lazy, Suspense, useId, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/list-states';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { apiError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks } from '../../lib/paths';
import { withPageAreaMessages } from '../../lib/i18n/load-catalogue';
import { createTicket, uploadTicketPhoto, useFormToken } from './support-api';
import './support.css';

/** A signed-in user's choice of their order or listing: its code and words load for them alone. */
const ReferenceField = lazy(() =>
  withPageAreaMessages(import('./support-reference-field')).then((module) => ({ default: module.ReferenceField })),
);

type Field = 'topic' | 'message' | 'email' | 'name' | 'reference' | 'photos' | 'form';
const FIELD_OF: Record<string, Field> = {
  topic: 'topic',
  message: 'message',
  email: 'email',
  name: 'name',
  order_id: 'reference',
  listing_id: 'reference',
  photo: 'photos',
};

/**
 * /support: write to the team (a public page, held to the first-visit budget: a visitor's ticket
 * page and a user's, with the thread's code and words, are my-support-page's). A visitor gives an address (the answer and the thread's link go
 * there); a signed-in user may name an order or listing of theirs and add photos, and lands on the
 * ticket's page. A hidden field and the form's signed timestamp keep programs out.
 */
export function SupportPage() {
  const { t, text } = useI18n();
  const navigate = useNavigate();
  const ids = useId();
  const { data: user, isPending: checking } = useCurrentUser();
  const formToken = useFormToken();
  const [topic, setTopic] = useState<SupportTopic | ''>('');
  const [reference, setReference] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  if (checking) return <Loading />;
  if (sent) {
    return (
      <div className="support-page mx-auto">
        <h1 className="h3 mb-3">{t('support.title')}</h1>
        <p className="alert alert-success" role="status">
          {t('support.sentVisitor')}
        </p>
      </div>
    );
  }

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    setSending(true);
    const [kind, id] = reference.split(':');
    try {
      const ticket = await createTicket({
        topic,
        message,
        ...(user ? {} : { email, name }),
        order_id: kind === 'order' ? Number(id) : null,
        listing_id: kind === 'listing' ? Number(id) : null,
        form_token: formToken.data ?? '',
        website,
      });
      if (!ticket) {
        setSent(true);
        return;
      }
      for (const photo of photos) await uploadTicketPhoto({ id: ticket.id }, photo);
      await navigate(pageLinks.supportTicket(ticket.id));
    } catch (failure) {
      const api = apiError(failure);
      if (!api) {
        setErrors({ form: t('shell.serverUnreachable') });
        return;
      }
      const found: Partial<Record<Field, string>> = {};
      for (const [key, messages] of Object.entries(api.body.errors ?? {})) {
        const field = FIELD_OF[key] ?? 'form';
        if (messages[0] && !found[field]) found[field] = text(messages[0]);
      }
      if (Object.keys(found).length === 0) found.form = text(api.body.message);
      // A form too old, or sent too soon, asks for a new timestamp; the words stay.
      if (found.form) void formToken.refetch();
      setErrors(found);
    } finally {
      setSending(false);
    }
  };

  const fieldError = (field: Field) =>
    errors[field] && (
      <div id={`${ids}-${field}-error`} className="invalid-feedback d-block">
        {errors[field]}
      </div>
    );
  const describedBy = (field: Field) => (errors[field] ? `${ids}-${field}-error` : undefined);
  const control = (field: Field) => `form-control${errors[field] ? ' is-invalid' : ''}`;

  return (
    <div className="support-page mx-auto">
      <h1 className="h3 mb-2">{t('support.title')}</h1>
      <p className="text-body-secondary">{t('support.intro')}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('support.title')}>
        {errors.form && (
          <div className="alert alert-danger" role="alert">
            {errors.form}
          </div>
        )}
        <div className="mb-3">
          <label htmlFor={`${ids}-topic`} className="form-label">
            {t('support.field.topic')}
          </label>
          <select
            id={`${ids}-topic`}
            className={`form-select${errors.topic ? ' is-invalid' : ''}`}
            value={topic}
            required
            aria-required
            aria-describedby={describedBy('topic')}
            onChange={(event) => setTopic(event.target.value as SupportTopic)}
          >
            <option value="" disabled>
              {t('support.topicRequired')}
            </option>
            {supportTopics.map((value) => (
              <option key={value} value={value}>
                {t(SUPPORT_TOPIC_NAMES[value])}
              </option>
            ))}
          </select>
          {fieldError('topic')}
        </div>
        {user && (
          <Suspense fallback={null}>
            <ReferenceField
              id={`${ids}-reference`}
              value={reference}
              error={errors.reference}
              onChange={setReference}
            />
          </Suspense>
        )}
        {!user && (
          <>
            <div className="mb-3">
              <label htmlFor={`${ids}-name`} className="form-label">
                {t('support.nameLabel')}
              </label>
              <input
                id={`${ids}-name`}
                className={control('name')}
                autoComplete="name"
                maxLength={SUPPORT_LIMITS.nameMax}
                value={name}
                aria-describedby={describedBy('name')}
                onChange={(event) => setName(event.target.value)}
              />
              {fieldError('name')}
            </div>
            <div className="mb-3">
              <label htmlFor={`${ids}-email`} className="form-label">
                {t('field.email')}
              </label>
              <input
                id={`${ids}-email`}
                type="email"
                className={control('email')}
                autoComplete="email"
                required
                aria-required
                maxLength={SUPPORT_LIMITS.emailMax}
                value={email}
                aria-describedby={describedBy('email')}
                onChange={(event) => setEmail(event.target.value)}
              />
              {fieldError('email')}
            </div>
          </>
        )}
        <div className="mb-3">
          <label htmlFor={`${ids}-message`} className="form-label">
            {t('support.messageLabel')}
          </label>
          <textarea
            id={`${ids}-message`}
            className={control('message')}
            rows={6}
            required
            aria-required
            maxLength={SUPPORT_LIMITS.messageMax}
            value={message}
            aria-describedby={describedBy('message')}
            onChange={(event) => setMessage(event.target.value)}
          />
          {fieldError('message')}
        </div>
        {user && (
          <div className="mb-3">
            <label htmlFor={`${ids}-photos`} className="form-label">
              {t('support.field.photos')}
            </label>
            <input
              id={`${ids}-photos`}
              type="file"
              accept="image/*"
              multiple
              className={control('photos')}
              aria-describedby={describedBy('photos')}
              onChange={(event) => setPhotos([...(event.target.files ?? [])].slice(0, SUPPORT_LIMITS.photosMax))}
            />
            {fieldError('photos')}
          </div>
        )}
        <div className="support-trap" aria-hidden="true">
          <label htmlFor={`${ids}-website`}>{t('support.field.website')}</label>
          <input
            id={`${ids}-website`}
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={sending || !formToken.data} aria-busy={sending}>
          {sending ? t('support.sending') : t('support.send')}
        </button>
      </form>
    </div>
  );
}
