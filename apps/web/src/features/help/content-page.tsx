import { DATED_CONTENT_PAGES, isContentPage } from '@marketplace/contracts/help-essentials';
import { useLocation } from 'react-router';
import { MarkdownBlocks } from '../../components/markdown-blocks';
import { NotFoundPage } from '../../components/not-found-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { useCatalogueFormat } from '../../lib/format';
import { useI18n } from '../../lib/i18n/i18n-store';
import { useContentPage } from './help-api';
import './help.css';

/** /safety, /terms, /privacy and /about: the page staff wrote, in the reader's language. */
export function ContentPage() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  if (!isContentPage(slug)) return <NotFoundPage />;
  return <ContentPageOf key={slug} slug={slug} />;
}

function ContentPageOf({ slug }: { slug: Parameters<typeof useContentPage>[0] }) {
  const { t } = useI18n();
  const format = useCatalogueFormat();
  const page = useContentPage(slug);
  usePageTitle(page.data?.title);
  if (page.isError) return <p role="alert">{t('help.loadFailed')}</p>;
  if (!page.data)
    return (
      <p className="placeholder-glow" aria-hidden="true">
        <span className="placeholder col-6" />
      </p>
    );
  return (
    <article className="help-centre help-article">
      <h1 className="h3">{page.data.title}</h1>
      {DATED_CONTENT_PAGES.includes(slug) && (
        <p className="text-body-secondary small" data-testid="last-changed">
          {t('content.lastChanged', { date: format.date(new Date(page.data.updated_at).toISOString()) })}
        </p>
      )}
      <MarkdownBlocks blocks={page.data.body} />
    </article>
  );
}
