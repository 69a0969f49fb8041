import { pageLinks, type PageMatch } from '@marketplace/contracts';
import { NEWSLETTER_ARCHIVE_API } from '@marketplace/contracts/newsletter';
import { markdownText, type MarkdownBlock } from '@marketplace/contracts/help';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PageExtras } from '../catalogue';
import { sentIssue, sentIssues } from './issues-repository';

const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

/**
 * /newsletter and /newsletter/:id as the server sends them (as the help centre's pages,
 * help-pages.ts): title, description, canonical address, JSON-LD, and as first data the issues sent
 * or the one issue, by the API addresses the page asks, in the reader's language. Undefined for any
 * other page.
 */
export function newsletterWebPage(db: Kysely<Database>) {
  return async (request: FastifyRequest, match: PageMatch, origin: string): Promise<PageExtras | undefined> => {
    const { t } = request.translator;
    if (match.page === 'newsletter') {
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
        data: { [NEWSLETTER_ARCHIVE_API.list]: { data: await sentIssues(db, request.locale) } },
      };
    }
    if (match.page !== 'newsletterIssue') return undefined;
    const locale = request.locale;
    const issue = match.params.id <= 2_147_483_647 ? await sentIssue(db, match.params.id, locale) : undefined;
    if (!issue) return { status: 404, title: t('title.notFound'), data: {} };
    const description = clip(markdownText(issue.body as MarkdownBlock[])) || t('newsletter.metaDescription');
    return {
      status: 200,
      title: `${issue.subject} | ${t('title.newsletter')}`,
      description,
      canonical: `${origin}${pageLinks.newsletterIssue(issue.id)}`,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: issue.subject,
        description,
        datePublished: new Date(issue.sent_at).toISOString(),
        inLanguage: locale,
      },
      data: { [`${NEWSLETTER_ARCHIVE_API.list}/${issue.id}`]: { data: issue } },
    };
  };
}
