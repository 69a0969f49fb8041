import type { PageMatch } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';
import type { PageExtras } from '../catalogue';

/**
 * /newsletter as the server sends it (as the help centre's pages, help-pages.ts): its title,
 * description, canonical address and a WebPage JSON-LD. It has no data to start with yet (the
 * issues sent will be its first data). Undefined for any other page.
 */
export function newsletterWebPage(request: FastifyRequest, match: PageMatch, origin: string): PageExtras | undefined {
  if (match.page !== 'newsletter') return undefined;
  const { t } = request.translator;
  return {
    status: 200,
    title: t('title.newsletter'),
    description: t('newsletter.metaDescription'),
    canonical: `${origin}/newsletter`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: t('newsletter.title'),
      description: t('newsletter.metaDescription'),
      inLanguage: request.locale,
    },
    data: {},
  };
}
