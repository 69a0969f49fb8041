import { LOCALES, type Locale } from '@marketplace/contracts/i18n';
import { NEWSLETTER_API } from '@marketplace/contracts/newsletter-essentials';
import { useId, useState, type SyntheticEvent } from 'react';
import { apiError, http } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';

type Field = 'email' | 'locale' | 'form';

/**
 * The e-mails' languages named in the reader's: an English page's select then holds no Arabic
 * letter, which would download the Arabic font's 43 KB for one word (its width is measured).
 */
const LANGUAGE_NAMES = {
  en: 'newsletter.languageName.en',
  ar: 'newsletter.languageName.ar',
} as const satisfies Record<Locale, string>;

/**
 * The newsletter's sign-up (issue 31, decision 037): an address and the language of its e-mails (the
 * reader's by default). The answer is the same for every address: a link to confirm is on its way.
 * In the footer of every page (named by the footer's heading there, so that /newsletter's own form
 * is a landmark of a name of its own), so it brings no schema and no form library.
 */
export function NewsletterForm({ compact = false, labelledBy }: { compact?: boolean; labelledBy?: string }) {
  const { t, text, locale } = useI18n();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Locale | ''>('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const chosen = language || locale;

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    setSending(true);
    try {
      await http.post(NEWSLETTER_API.subscribe, { email, locale: chosen });
      setSent(true);
    } catch (failure) {
      const api = apiError(failure);
      if (!api) {
        setErrors({ form: t('shell.serverUnreachable') });
        return;
      }
      const found: Partial<Record<Field, string>> = {};
      for (const [key, messages] of Object.entries(api.body.errors ?? {})) {
        const field: Field = key === 'email' || key === 'locale' ? key : 'form';
        if (messages[0] && !found[field]) found[field] = text(messages[0]);
      }
      if (Object.keys(found).length === 0) found.form = text(api.body.message);
      setErrors(found);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <p className="newsletter-sent mb-0" role="status">
        {t('newsletter.sent')}
      </p>
    );
  }
  const error = (field: Field) =>
    errors[field] && (
      <div id={`${ids}-${field}-error`} className="invalid-feedback d-block">
        {errors[field]}
      </div>
    );
  return (
    <form
      className={`newsletter-form${compact ? ' d-flex flex-wrap align-items-start gap-2' : ''}`}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': t('newsletter.formName') })}
    >
      {errors.form && (
        <div className="alert alert-danger w-100 py-1 mb-1" role="alert">
          {errors.form}
        </div>
      )}
      <div className={compact ? '' : 'mb-3'}>
        <label htmlFor={`${ids}-email`} className={compact ? 'visually-hidden' : 'form-label'}>
          {t('newsletter.email')}
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          autoComplete="email"
          dir="ltr"
          className={`form-control${compact ? ' form-control-sm' : ''}${errors.email ? ' is-invalid' : ''}`}
          placeholder={compact ? t('newsletter.email') : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids}-email-error` : undefined}
        />
        {error('email')}
      </div>
      <div className={compact ? '' : 'mb-3'}>
        <label htmlFor={`${ids}-locale`} className={compact ? 'visually-hidden' : 'form-label'}>
          {t('newsletter.language')}
        </label>
        <select
          id={`${ids}-locale`}
          className={`form-select${compact ? ' form-select-sm' : ''}${errors.locale ? ' is-invalid' : ''}`}
          value={chosen}
          onChange={(event) => setLanguage(event.target.value as Locale)}
          aria-describedby={errors.locale ? `${ids}-locale-error` : undefined}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {t(LANGUAGE_NAMES[code])}
            </option>
          ))}
        </select>
        {error('locale')}
      </div>
      <button type="submit" className={`btn btn-primary${compact ? ' btn-sm' : ''}`} disabled={sending}>
        {t('newsletter.subscribe')}
      </button>
    </form>
  );
}
