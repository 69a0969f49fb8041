import type { PageMatch } from '@marketplace/contracts';
import {
  DATED_CONTENT_PAGES,
  HELP_API,
  helpSearchQuerySchema,
  isContentPage,
  markdownText,
  parseMarkdown,
} from '@marketplace/contracts/help';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { PageExtras } from '../catalogue';
import { readContentPage } from './content-pages';
import { voterOf } from './help-votes';
import { readIndex, readQuestion, searchQuestions } from './read-faq';

const DESCRIPTION_LENGTH = 160;
const clip = (text: string) => {
  const chars = Array.from(text);
  return chars.length <= DESCRIPTION_LENGTH ? text : `${chars.slice(0, DESCRIPTION_LENGTH - 1).join('')}…`;
};

/**
 * The help centre's pages as the server sends them (decision 031): title, description, canonical
 * address and FAQPage JSON-LD for crawlers, and the API's answers the page starts with, keyed by the
 * address the page would ask (the catalogue's pages do the same, catalogue-pages.ts). Undefined for
 * any other page.
 */
export function helpPages(app: FastifyInstance) {
  return async function load(
    request: FastifyRequest,
    match: PageMatch,
    origin: string,
  ): Promise<PageExtras | undefined> {
    const { t } = request.translator;
    const locale = request.locale;
    switch (match.page) {
      case 'help': {
        const index = { data: { topics: await readIndex(app.db, locale) } };
        const data: Record<string, unknown> = { [HELP_API.index]: index };
        // The search the page will ask for, when the address holds one the API would answer.
        const asked = z.safeParse(helpSearchQuerySchema, { q: new URL(request.url, 'http://x').searchParams.get('q') });
        const q = asked.success ? asked.data.q : '';
        if (q) data[HELP_API.searchUrl(q)] = await searchQuestions(app.db, q, locale);
        const answers = await app.db
          .selectFrom('help_questions')
          .select(['slug', locale === 'ar' ? 'answer_ar as answer' : 'answer as answer'])
          .where('published', '=', true)
          .execute();
        const answerOf = new Map(answers.map((row) => [row.slug, markdownText(parseMarkdown(row.answer))]));
        return {
          status: 200,
          title: t('title.help'),
          description: t('help.metaDescription'),
          canonical: `${origin}/help`,
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: index.data.topics.flatMap((topic) =>
              topic.questions.map((question) => ({
                '@type': 'Question',
                name: question.question,
                url: `${origin}/help/${question.slug}`,
                acceptedAnswer: { '@type': 'Answer', text: answerOf.get(question.slug) ?? '' },
              })),
            ),
          },
          data,
        };
      }
      case 'helpQuestion': {
        const question = await readQuestion(app.db, match.params.slug, locale, voterOf(request));
        if (!question) return { status: 404, data: {} };
        const answer = markdownText(question.answer);
        return {
          status: 200,
          title: t('title.page', { page: question.question }),
          description: clip(answer),
          canonical: `${origin}/help/${question.slug}`,
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: [
              { '@type': 'Question', name: question.question, acceptedAnswer: { '@type': 'Answer', text: answer } },
            ],
          },
          data: { [HELP_API.question(question.slug)]: { data: question } },
        };
      }
      case 'safety':
      case 'terms':
      case 'privacy':
      case 'about': {
        const slug = match.page;
        if (!isContentPage(slug)) return undefined;
        const page = await readContentPage(app.db, slug, locale);
        // Not seeded (a bare test database): the app asks the API, which says not found.
        if (!page) return undefined;
        return {
          status: 200,
          title: t('title.page', { page: page.title }),
          description: clip(markdownText(page.body)),
          canonical: `${origin}/${slug}`,
          ...(DATED_CONTENT_PAGES.includes(slug) && {
            jsonLd: {
              '@context': 'https://schema.org',
              '@type': 'WebPage',
              name: page.title,
              dateModified: new Date(page.updated_at).toISOString(),
            },
          }),
          data: { [HELP_API.page(slug)]: { data: page } },
        };
      }
      default:
        return undefined;
    }
  };
}
