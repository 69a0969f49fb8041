import {
  isLocale,
  message,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATIONS_PAGES,
  NOTIFICATIONS_ROUTES,
  unsubscribeResponseSchema,
  type Translator,
} from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { route } from '../../plugins/api-route';
import { escapeHtml, sendPlainPage } from './plain-page';
import type { UnsubscribeGrant } from './unsubscribe-tokens';

/** RFC 8058's body ("List-Unsubscribe=One-Click"), in either encoding it allows; only the token in the address counts. */
const FORM_BODY_LIMIT = 4096;

/** The e-mail's language (its link says which), else the visitor's. */
function pageTranslator(request: FastifyRequest): Translator {
  const { lang } = request.query as { lang?: unknown };
  return translators[isLocale(lang) ? lang : request.locale];
}

/** The unsubscribe page's answer, with a way on to the notification settings. */
function sendPage(reply: FastifyReply, translator: Translator, status: number, paragraphs: string, form = '') {
  const settings = `<a href="${NOTIFICATIONS_PAGES.settings}">${escapeHtml(translator.t('mail.settings'))}</a>`;
  return sendPlainPage(reply, translator, {
    status,
    title: translator.t('unsubscribe.title'),
    content: `${paragraphs}\n${form}\n<p>${settings}</p>`,
  });
}

/**
 * One-click unsubscribe from an e-mail (RFC 8058), signed out: POST turns off that user's e-mails
 * of that category, and nothing else; GET (a person who clicked the link) shows what it will do and
 * a button that posts. GET changes nothing, since mail scanners open links to look at them.
 */
export function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const { tokens, settings } = app.notifications;
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  const grantOf = (request: FastifyRequest, fromBody?: string): UnsubscribeGrant | null => {
    const { token } = request.query as { token?: unknown };
    const grant = tokens.verify(typeof token === 'string' ? token : fromBody);
    // Account e-mails have no unsubscribe: no such token is ever signed, and none is taken.
    return grant?.category === 'account' ? null : grant;
  };
  const categoryName = (translator: Translator, grant: UnsubscribeGrant) =>
    translator.text(message(NOTIFICATION_CATEGORY_LABELS[grant.category]));
  const wantsPage = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

  route(app, NOTIFICATIONS_ROUTES.unsubscribePage, {}, (request, reply) => {
    const translator = pageTranslator(request);
    const grant = grantOf(request);
    if (!grant) {
      return sendPage(reply, translator, 404, `<p>${escapeHtml(translator.t('unsubscribe.invalid'))}</p>`);
    }
    const confirm = translator.t('unsubscribe.confirm', { category: categoryName(translator, grant) });
    const form = `<form method="post">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:10px 18px;background:#0c6b61;color:#fff;border:0;border-radius:6px;font-size:16px">${escapeHtml(translator.t('unsubscribe.button'))}</button>
</form>`;
    return sendPage(reply, translator, 200, `<p>${escapeHtml(confirm)}</p>`, form);
  });

  // The token is the authority: mail programs post with no session and no CSRF token.
  route(app, NOTIFICATIONS_ROUTES.unsubscribe, { config: { csrf: false } }, async (request, reply) => {
    const grant = grantOf(request, request.body.token);
    const translator = pageTranslator(request);
    if (!grant) {
      if (wantsPage(request)) {
        return sendPage(reply, translator, 404, `<p>${escapeHtml(translator.t('unsubscribe.invalid'))}</p>`);
      }
      throw new HttpError(404, message('unsubscribe.invalid'));
    }
    const user = await app.db.selectFrom('users').select('id').where('id', '=', grant.userId).executeTakeFirst();
    // An account deleted since the e-mail gets no more e-mails anyway.
    if (user) await settings.change(grant.userId, [{ category: grant.category, channel: 'email', enabled: false }]);
    request.log.info({ user: grant.userId, category: grant.category }, 'unsubscribed from e-mails');
    if (wantsPage(request)) {
      const done = translator.t('unsubscribe.done', { category: categoryName(translator, grant) });
      return sendPage(reply, translator, 200, `<p>${escapeHtml(done)}</p>`);
    }
    return reply.send(unsubscribeResponseSchema.parse({ data: { category: grant.category, email: false } }));
  });

  return Promise.resolve();
}
