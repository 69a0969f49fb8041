import { randomUUID } from 'node:crypto';
import { API_MESSAGES, LOCALES, message, type Locale } from '@marketplace/contracts';
import { ADMIN_NEWSLETTER_ROUTES, NEWSLETTER_API, type NewsletterPreview } from '@marketplace/contracts/newsletter';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { auditActor, recordAudit } from '../staff';
import { cancelSending, startSending } from './issue-sending';
import { createIssue, listAdminIssues, lockIssue, readIssue, toAdminIssue } from './issues-repository';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));
const words = (row: { subject: string; subject_ar: string; body: string; body_ar: string; listing_ids: number[] }) => ({
  subject: row.subject,
  subject_ar: row.subject_ar,
  body: row.body,
  body_ar: row.body_ar,
  listing_ids: row.listing_ids,
});

/**
 * The back-office's newsletter (issue 31, decision 040, `newsletter.send`: admins): write an issue
 * in both languages, preview it as each language's subscribers will get it, send a test to oneself,
 * send it to the list and cancel that. Every change commits with its audit row.
 */
export function newsletterAdminRoutes(app: FastifyInstance): Promise<void> {
  const guard = { onRequest: app.staffDesk.may('newsletter.send') };
  const { sender, links } = app.newsletter;

  const answer = async (id: number) => {
    const row = await readIssue(app.db, id);
    if (!row) throw notFound();
    return { data: await toAdminIssue(app.db, row) };
  };

  route(app, ADMIN_NEWSLETTER_ROUTES.list, guard, async () => ({ data: await listAdminIssues(app.db) }));
  route(app, ADMIN_NEWSLETTER_ROUTES.one, guard, async (request) => answer(request.params.id));

  route(app, ADMIN_NEWSLETTER_ROUTES.create, guard, async (request, reply) => {
    const actor = auditActor(request);
    const id = await app.events.run(async (unit) => {
      const created = await createIssue(unit.db, request.body, actor.id ?? 0);
      await recordAudit(unit.db, actor, {
        action: 'newsletter.create',
        targetType: 'newsletter',
        targetId: created,
        after: { ...request.body },
      });
      return created;
    });
    return reply.code(201).send(await answer(id));
  });

  route(app, ADMIN_NEWSLETTER_ROUTES.edit, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    await app.events.run(async (unit) => {
      const before = await lockIssue(unit.db, id);
      if (!before) throw notFound();
      if (before.status !== 'draft') throw new HttpError(409, message('admin.newsletter.notDraft'));
      const after = { ...request.body, listing_ids: [...request.body.listing_ids] };
      await unit.db
        .updateTable('newsletter_issues')
        .set({ ...after, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await recordAudit(unit.db, actor, {
        action: 'newsletter.edit',
        targetType: 'newsletter',
        targetId: id,
        before: words(before),
        after,
      });
    });
    return answer(id);
  });

  /** The e-mail itself, composed as the mail worker will compose each language's copy. */
  const preview = async (id: number, locale: Locale, subject: string): Promise<NewsletterPreview> => {
    const mail = await app.notifications.compose({
      id: 0,
      idempotency_key: '',
      user_id: null,
      recipient: 'preview@example.invalid',
      recipient_name: '',
      locale,
      template: 'newsletter.issue',
      data: { issue_id: id, subject },
      path: null,
      category: 'news',
      unsubscribe_category: null,
      message_id: '<preview@example.invalid>',
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date(),
      locked_until: null,
      locked_by: null,
      sent_at: null,
      last_error: null,
      created_at: new Date(),
    });
    return { subject: mail.subject ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
  };

  route(app, ADMIN_NEWSLETTER_ROUTES.preview, guard, async (request) => {
    const row = await readIssue(app.db, request.params.id);
    if (!row) throw notFound();
    const [en, ar] = await Promise.all([preview(row.id, 'en', row.subject), preview(row.id, 'ar', row.subject_ar)]);
    return { data: { en, ar } };
  });

  route(app, ADMIN_NEWSLETTER_ROUTES.test, guard, async (request, reply) => {
    const actor = auditActor(request);
    const { id } = request.params;
    const locales = LOCALES.filter((locale) => request.body.locales.includes(locale));
    await app.events.run(async (unit) => {
      const row = await readIssue(unit.db, id);
      if (!row) throw notFound();
      const me = await unit.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', actor.id ?? 0)
        .executeTakeFirst();
      if (!me) throw notFound();
      const email = me.email.toLowerCase();
      const subscriber = await unit.db
        .selectFrom('newsletter_subscribers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      for (const locale of locales) {
        await app.notifications.mailToAddressIn(unit, {
          recipient: email,
          recipientName: '',
          locale,
          type: 'newsletter.issue',
          data: { issue_id: id, subject: locale === 'ar' ? row.subject_ar : row.subject, test: 1 },
          path: null,
          key: `newsletter-test:${randomUUID()}`,
          // Their own one-click link when the address is on the list, as a subscriber's copy has.
          ...(subscriber && {
            unsubscribePath: `${NEWSLETTER_API.unsubscribe}?token=${links.sign(subscriber.id, email)}&lang=${locale}`,
          }),
        });
      }
      await recordAudit(unit.db, actor, {
        action: 'newsletter.test',
        targetType: 'newsletter',
        targetId: id,
        after: { locales },
      });
    });
    return reply.code(202).send(await answer(id));
  });

  route(app, ADMIN_NEWSLETTER_ROUTES.send, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    await app.events.run(async (unit) => {
      const row = await lockIssue(unit.db, id);
      if (!row) throw notFound();
      const total = await startSending(unit.db, row);
      await recordAudit(unit.db, actor, {
        action: 'newsletter.send',
        targetType: 'newsletter',
        targetId: id,
        before: { status: row.status },
        after: { status: 'sending', recipients: total },
      });
      unit.afterCommit(() => {
        sender.poke();
        return Promise.resolve();
      });
    });
    return answer(id);
  });

  route(app, ADMIN_NEWSLETTER_ROUTES.cancel, guard, async (request) => {
    const actor = auditActor(request);
    const { id } = request.params;
    await app.events.run(async (unit) => {
      const row = await cancelSending(unit.db, id, (trx, ids) => app.notifications.withdrawMail(trx, ids));
      if (!row) throw notFound();
      await recordAudit(unit.db, actor, {
        action: 'newsletter.cancel',
        targetType: 'newsletter',
        targetId: id,
        before: { status: row.status },
        after: { status: 'cancelled' },
      });
      unit.afterCommit(() => app.newsletter.progressed(id));
    });
    return answer(id);
  });

  return Promise.resolve();
}
