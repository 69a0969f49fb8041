import { HELP_LIMITS } from '@marketplace/contracts/help-essentials';
import { pageLinks, paths } from '../../lib/paths';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n-store';
import { richText } from '../../lib/i18n/rich-text';
import { useHelpIndex, useHelpSearch } from './help-api';
import './help.css';

/**
 * /help: the FAQ by topic and a search over it in both languages (typos corrected); the search is
 * in the address (?q=), so a result can be shared and the server sends it with the page.
 */
export function HelpPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, HELP_LIMITS.queryMax);
  const [typed, setTyped] = useState(q);
  const index = useHelpIndex();
  const search = useHelpSearch(q);
  const headingId = useId();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = typed.trim();
    setParams(text ? { q: text } : {});
  };
  return (
    <div className="help-centre">
      <h1 className="h3">{t('help.heading')}</h1>
      <form
        role="search"
        aria-label={t('help.searchLabel')}
        className="help-search d-flex gap-2 my-3"
        onSubmit={submit}
      >
        <label htmlFor="help-q" className="visually-hidden">
          {t('help.searchLabel')}
        </label>
        <input
          id="help-q"
          type="search"
          className="form-control"
          value={typed}
          maxLength={HELP_LIMITS.queryMax}
          placeholder={t('help.searchPlaceholder')}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t('help.searchButton')}
        </button>
      </form>
      {q !== '' && (
        <section aria-labelledby={headingId} className="mb-4" aria-live="polite">
          <h2 id={headingId} className="h5">
            {richText(t, 'help.resultsFor', {
              q: (
                <bdi dir="auto" data-user-content="">
                  {q}
                </bdi>
              ),
            })}
          </h2>
          {search.isError && <p role="alert">{t('help.loadFailed')}</p>}
          {search.data?.corrected_query && (
            <p className="text-body-secondary">
              {richText(t, 'help.correctedQuery', {
                q: (
                  <bdi dir="auto" data-user-content="">
                    {search.data.corrected_query}
                  </bdi>
                ),
              })}
            </p>
          )}
          {search.data && search.data.data.length === 0 && (
            <p>
              {t('help.noResults')} <Link to={paths.support}>{t('help.contactSupport')}</Link>
            </p>
          )}
          {search.data && search.data.data.length > 0 && (
            <ul className="help-questions">
              {search.data.data.map((question) => (
                <li key={question.id}>
                  <Link to={pageLinks.helpQuestion(question.slug)}>{question.question}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {index.isError && <p role="alert">{t('help.loadFailed')}</p>}
      <div className="help-topics">
        {index.data?.map((topic) => (
          <section key={topic.slug} aria-labelledby={`topic-${topic.slug}`} className="help-topic">
            <h2 id={`topic-${topic.slug}`} className="h5">
              {topic.name}
            </h2>
            <ul className="help-questions">
              {topic.questions.map((question) => (
                <li key={question.id}>
                  <Link to={pageLinks.helpQuestion(question.slug)}>{question.question}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mt-4">
        <Link to={paths.support}>{t('help.contactSupport')}</Link>
      </p>
    </div>
  );
}
