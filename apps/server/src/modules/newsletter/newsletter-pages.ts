import { isLocale, PAGE_PATHS, type MessageKey, type Translator } from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import { NEWSLETTER_API, NEWSLETTER_LIMITS, NEWSLETTER_PAGES } from '@marketplace/contracts/newsletter';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, sendPlainPage } from '../notifications';
import type { UnsubscribeLinks } from './newsletter-tokens';
import { pendingBySecret, subscriberByLink } from './subscriptions';

export type PageMessages = Extract<MessageKey, `mail.newsletter.${string}`>;

/** The link's language (its address says which), else the visitor's. */
export function pageTranslator(request: FastifyRequest): Translator {
  const { lang } = request.query as { lang?: unknown };
  return translators[isLocale(lang) ? lang : request.locale];
}

/** A page of the server's own, with a way on to the newsletter's page. */
export function sendNewsletterPage(
  reply: FastifyReply,
  translator: Translator,
  { status, title, text, form = '' }: { status: number; title: PageMessages; text: PageMessages; form?: string },
) {
  const back = `<a href="${PAGE_PATHS.newsletter}">${escapeHtml(translator.t('mail.newsletter.pageLink'))}</a>`;
  return sendPlainPage(reply, translator, {
    status,
    title: translator.t(title),
    content: `<p>${escapeHtml(translator.t(text))}</p>\n${form}\n<p>${back}</p>`,
  });
}

const tokenIn = (request: FastifyRequest): string | undefined => {
  const { token } = request.query as { token?: unknown };
  return typeof token === 'string' && token.length <= NEWSLETTER_LIMITS.tokenMax ? token : undefined;
};

/** A button that posts the link's token (and language) to `action`: GET never changes anything. */
const buttonTo = (action: string, token: string, lang: string, label: string) => {
  const query = new URLSearchParams({ token, lang }).toString();
  return `<form method="post" action="${escapeHtml(`${action}?${query}`)}">
<button type="submit" style="padding:10px 18px;background:#0c6b61;color:#fff;border:0;border-radius:6px;font-size:16px">${escapeHtml(label)}</button>
</form>`;
};

/**
 * The pages the e-mails link to, signed out, in the link's language: each says what its button will
 * do, and the button posts. Opening one changes nothing, since mail scanners open links to inspect
 * them; a forged, used or expired link says so (404), never a 500.
 */
export function newsletterPages(app: FastifyInstance, links: UnsubscribeLinks): void {
  app.get(NEWSLETTER_PAGES.confirm, async (request, reply) => {
    const translator = pageTranslator(request);
    const token = tokenIn(request);
    const pending = await pendingBySecret(app.db, token);
    if (!pending || token === undefined) {
      return sendNewsletterPage(reply, translator, {
        status: 404,
        title: 'mail.newsletter.confirmTitle',
        text: 'mail.newsletter.invalidLink',
      });
    }
    return sendNewsletterPage(reply, translator, {
      status: 200,
      title: 'mail.newsletter.confirmTitle',
      text: 'mail.newsletter.confirmAsk',
      form: buttonTo(NEWSLETTER_API.confirm, token, translator.locale, translator.t('mail.newsletter.confirmButton')),
    });
  });

  const unsubscribePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const translator = pageTranslator(request);
    const token = tokenIn(request);
    const row = await subscriberByLink(app.db, links, token);
    if (!row || token === undefined) {
      return sendNewsletterPage(reply, translator, {
        status: 404,
        title: 'mail.newsletter.unsubscribeTitle',
        text: 'mail.newsletter.invalidLink',
      });
    }
    return sendNewsletterPage(reply, translator, {
      status: 200,
      title: 'mail.newsletter.unsubscribeTitle',
      text: 'mail.newsletter.unsubscribeAsk',
      form: buttonTo(
        NEWSLETTER_API.unsubscribe,
        token,
        translator.locale,
        translator.t('mail.newsletter.unsubscribeButton'),
      ),
    });
  };
  app.get(NEWSLETTER_PAGES.unsubscribe, unsubscribePage);
  // The e-mail's own unsubscribe link (List-Unsubscribe's address, which one-click posts to) opened in a browser.
  app.get(NEWSLETTER_API.unsubscribe, unsubscribePage);
}
