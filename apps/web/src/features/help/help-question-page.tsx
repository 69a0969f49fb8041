import { useParams, Link } from 'react-router';
import { MarkdownBlocks } from '../../components/markdown-blocks';
import { NotFoundPage } from '../../components/not-found-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks, paths } from '../../lib/paths';
import { useHelpQuestion, useHelpVote } from './help-api';
import type { HelpQuestion } from '@marketplace/contracts/help-essentials';
import './help.css';

/** "Was this helpful?": one vote per person or browser, which they may change; No offers support. */
function HelpfulVote({ question }: { question: HelpQuestion }) {
  const { t } = useI18n();
  const vote = useHelpVote(question);
  const mine = question.votes.mine;
  return (
    <section className="help-vote border-top pt-3 mt-4" aria-labelledby="help-vote-heading">
      <h2 id="help-vote-heading" className="h6">
        {t('help.wasHelpful')}
      </h2>
      <div className="d-flex gap-2" role="group" aria-labelledby="help-vote-heading">
        <button
          type="button"
          className={`btn btn-sm ${mine === true ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={mine === true}
          disabled={vote.isPending}
          onClick={() => vote.mutate(true)}
        >
          {t('help.yes')}
        </button>
        <button
          type="button"
          className={`btn btn-sm ${mine === false ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={mine === false}
          disabled={vote.isPending}
          onClick={() => vote.mutate(false)}
        >
          {t('help.no')}
        </button>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">
        {t('help.votesCount', { count: question.votes.helpful_yes })}
      </p>
      {vote.isError && (
        <p role="alert" className="text-danger small mb-0">
          {t('help.voteFailed')}
        </p>
      )}
      {mine !== null && (
        <p role="status" className="mt-2 mb-0">
          {t('help.thanks')}
          {!mine && (
            <>
              {' '}
              <Link to={paths.support}>{t('help.contactSupport')}</Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}

/** /help/:slug: one question, its answer, the vote, and the others of its topic. */
export function HelpQuestionPage() {
  const slug = useParams().slug ?? '';
  const { t } = useI18n();
  const question = useHelpQuestion(slug);
  usePageTitle(question.data?.question);
  if (question.isError) {
    if (isHttpError(question.error, 404)) return <NotFoundPage />;
    return <p role="alert">{t('help.loadFailed')}</p>;
  }
  if (!question.data)
    return (
      <p className="placeholder-glow" aria-hidden="true">
        <span className="placeholder col-6" />
      </p>
    );
  const data = question.data;
  return (
    <article className="help-centre help-article">
      <nav aria-label={t('help.breadcrumb')}>
        <Link to={paths.help}>{t('help.backToHelp')}</Link> · <span>{data.topic.name}</span>
      </nav>
      <h1 className="h3 mt-2">{data.question}</h1>
      <div className="help-answer">
        <MarkdownBlocks blocks={data.answer} />
      </div>
      <HelpfulVote question={data} />
      {data.related.length > 0 && (
        <section className="mt-4" aria-labelledby="help-related">
          <h2 id="help-related" className="h6">
            {t('help.related', { topic: data.topic.name })}
          </h2>
          <ul className="help-questions">
            {data.related.map((related) => (
              <li key={related.id}>
                <Link to={pageLinks.helpQuestion(related.slug)}>{related.question}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
