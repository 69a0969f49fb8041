import { useI18n } from '../../lib/i18n/i18n-store';
import { NewsletterArchive } from './newsletter-archive';
import { NewsletterForm } from './newsletter-form';

export { NewsletterIssuePage } from './newsletter-issue-page';

const GETS = ['newsletter.get.listings', 'newsletter.get.tips', 'newsletter.get.news'] as const;

/**
 * /newsletter (issue 31): what subscribers get, the sign-up, and the issues sent (decision 040). The
 * server sends its title, description and the issues in the first HTML.
 */
export function NewsletterPage() {
  const { t } = useI18n();
  return (
    <div className="newsletter-page mx-auto" style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-2">{t('newsletter.title')}</h1>
      <p className="text-body-secondary">{t('newsletter.intro')}</p>
      <h2 className="h5 mt-4">{t('newsletter.getTitle')}</h2>
      <ul>
        {GETS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <NewsletterForm />
      <p className="small text-body-secondary mt-4 mb-0">{t('newsletter.accountNote')}</p>
      <NewsletterArchive />
    </div>
  );
}
