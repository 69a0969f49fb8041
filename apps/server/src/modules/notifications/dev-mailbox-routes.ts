import { bigintIdParamsSchema, PAGE_PATHS } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { escapeHtml, sendPlainPage } from './plain-page';

/** The development mailbox's addresses: the list, one e-mail, and its HTML part as the page itself. */
export const DEV_MAILBOX = {
  list: '/dev/mail',
  mail: (id: number) => `/dev/mail/${id}`,
  html: (id: number) => `/dev/mail/${id}/html`,
} as const;

const LIST_LENGTH = 50;

/** An e-mail's id in an address; anything else names no e-mail (the same page as one not there). */
const idOf = (request: FastifyRequest) => {
  const parsed = z.safeParse(bigintIdParamsSchema, request.params);
  return parsed.success ? parsed.data.id : null;
};

/**
 * GET /dev/mail: the e-mails the app wrote to the signed-in user, newest first, each as it was (or
 * will be) sent, so a developer or someone trying the demo reads a password-reset or notification
 * e-mail without a mail program. app.ts registers it only outside production (NODE_ENV development
 * or test): on a real site it would let anyone read the mail of an address they signed up with but
 * do not own, such as a verification link. Nobody reads anyone else's e-mails here either: an e-mail
 * of another user is a 404, like one that does not exist.
 */
export function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  const outboxRowOf = (userId: number, id: number) =>
    app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  const when = (locale: string, time: Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(time) +
    ' UTC';

  app.get(DEV_MAILBOX.list, async (request, reply) => {
    const { t } = request.translator;
    const notice = `<p style="color:#6c757d">${escapeHtml(t('mail.dev.notice'))}</p>`;
    if (!request.user) {
      const signIn = `<a href="${PAGE_PATHS.login}">${escapeHtml(t('nav.logIn'))}</a>`;
      return sendPlainPage(reply, request.translator, {
        status: 401,
        title: t('mail.dev.title'),
        content: `${notice}<p>${escapeHtml(t('mail.dev.signIn'))} ${signIn}</p>`,
      });
    }
    const rows = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', request.user.id)
      .orderBy('id', 'desc')
      .limit(LIST_LENGTH)
      .execute();
    const items = await Promise.all(
      rows.map(async (row) => {
        const { subject } = await app.notifications.compose(row);
        const status = t('mail.dev.status', { status: row.status });
        return `<li style="margin:0 0 8px"><a href="${DEV_MAILBOX.mail(row.id)}">${escapeHtml(subject ?? '')}</a><br><small style="color:#6c757d">${escapeHtml(when(request.translator.locale, row.created_at))} · ${escapeHtml(status)}</small></li>`;
      }),
    );
    return sendPlainPage(reply, request.translator, {
      status: 200,
      title: t('mail.dev.title'),
      content: `${notice}${items.length > 0 ? `<ul style="padding-inline-start:20px">${items.join('\n')}</ul>` : `<p>${escapeHtml(t('mail.dev.none'))}</p>`}`,
    });
  });

  app.get(`${DEV_MAILBOX.list}/:id`, async (request, reply) => {
    const { t } = request.translator;
    const id = idOf(request);
    const row = request.user && id !== null ? await outboxRowOf(request.user.id, id) : undefined;
    const back = `<p><a href="${DEV_MAILBOX.list}">${escapeHtml(t('mail.dev.back'))}</a></p>`;
    if (!row) {
      return sendPlainPage(reply, request.translator, {
        status: 404,
        title: t('mail.dev.title'),
        content: `<p>${escapeHtml(t('mail.dev.notFound'))}</p>${back}`,
      });
    }
    const mail = await app.notifications.compose(row);
    const details = [
      [t('mail.dev.to'), row.recipient],
      [t('mail.dev.written'), when(request.translator.locale, row.created_at)],
      [t('mail.dev.statusLabel'), t('mail.dev.status', { status: row.status })],
    ]
      .map(
        ([term, value]) =>
          `<dt style="font-weight:bold">${escapeHtml(term ?? '')}</dt><dd style="margin:0 0 8px">${escapeHtml(value ?? '')}</dd>`,
      )
      .join('');
    const text = typeof mail.text === 'string' ? mail.text : '';
    return sendPlainPage(reply, request.translator, {
      status: 200,
      title: typeof mail.subject === 'string' ? mail.subject : t('mail.dev.title'),
      content: `<dl>${details}</dl>
<p><a href="${DEV_MAILBOX.html(row.id)}">${escapeHtml(t('mail.dev.html'))}</a></p>
<pre style="white-space:pre-wrap;background:#f8f9fa;border:1px solid #dee2e6;border-radius:6px;padding:12px">${escapeHtml(text)}</pre>
${back}`,
    });
  });

  app.get(`${DEV_MAILBOX.list}/:id/html`, async (request, reply) => {
    const id = idOf(request);
    const row = request.user && id !== null ? await outboxRowOf(request.user.id, id) : undefined;
    if (!row) return reply.redirect(DEV_MAILBOX.list);
    const { html } = await app.notifications.compose(row);
    // The e-mail's own HTML part (its values escaped when it was composed), shown as a mail program would.
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(typeof html === 'string' ? html : '');
  });

  return Promise.resolve();
}
