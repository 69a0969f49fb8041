import { Link } from 'react-router';
import { useCatalogueFormat } from '../../lib/format';
import { useI18n } from '../../lib/i18n/i18n-store';
import { pageLinks } from '../../lib/paths';
import { useSentIssues } from './newsletter-archive-api';

/** The issues sent, newest first, each a link to its own page, in the reader's language. */
export function NewsletterArchive() {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const issues = useSentIssues();
  if (!issues.data || issues.data.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="newsletter-archive">
      <h2 id="newsletter-archive" className="h5">
        {t('newsletter.archiveTitle')}
      </h2>
      <ul className="list-unstyled">
        {issues.data.map((issue) => (
          <li key={issue.id} className="py-1">
            <Link to={pageLinks.newsletterIssue(issue.id)}>
              <bdi>{issue.subject}</bdi>
            </Link>{' '}
            <span className="small text-body-secondary">{format.date(new Date(issue.sent_at).toISOString())}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
