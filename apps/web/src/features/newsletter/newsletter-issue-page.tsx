import { Link, useParams } from 'react-router';
import { Loading } from '../../components/list-states';
import { MarkdownBlocks } from '../../components/markdown-blocks';
import { NotFoundPage } from '../../components/not-found-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { useCatalogueFormat } from '../../lib/format';
import { isHttpError } from '../../lib/http';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks, paths } from '../../lib/paths';
import type { MarkdownBlock } from '@marketplace/contracts/help-essentials';
import { useSentIssue } from './newsletter-archive-api';

/**
 * /newsletter/:id (decision 040): an issue sent, in the reader's language — its words (the help
 * centre's Markdown, as blocks the server read) and its listings — the e-mail's web version.
 */
export function NewsletterIssuePage() {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const id = Number(useParams().id);
  const issue = useSentIssue(id);
  usePageTitle(issue.data ? `${issue.data.subject} | ${t('title.newsletter')}` : t('title.newsletter'));
  if (issue.isError)
    return isHttpError(issue.error, 404) ? <NotFoundPage /> : <p role="alert">{t('newsletter.issueFailed')}</p>;
  if (!issue.data) return <Loading />;
  const { subject, sent_at: sentAt, body, listings } = issue.data;
  return (
    <article className="mx-auto" style={{ maxWidth: '40rem' }}>
      <p className="small mb-1">
        <Link to={paths.newsletter}>{t('newsletter.title')}</Link>
      </p>
      <h1 className="h3 mb-1">
        <bdi>{subject}</bdi>
      </h1>
      <p className="small text-body-secondary">{format.date(new Date(sentAt).toISOString())}</p>
      <MarkdownBlocks blocks={body as MarkdownBlock[]} />
      {listings.length > 0 && (
        <ul className="list-unstyled row g-3 mt-2">
          {listings.map((card) => (
            <li key={card.id} className="col-12 col-sm-6">
              <Link to={pageLinks.listing(card.id, card.slug)} className="card h-100 text-reset text-decoration-none">
                {card.cover && (
                  <img
                    src={card.cover.card}
                    alt=""
                    width={card.cover.width}
                    height={card.cover.height}
                    className="card-img-top h-auto"
                    loading="lazy"
                  />
                )}
                <span className="card-body">
                  <strong className="d-block">
                    <bdi>{card.title}</bdi>
                  </strong>
                  <span>{format.price(card.price_fils, card.price_period)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
