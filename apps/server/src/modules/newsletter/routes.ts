import { message } from '@marketplace/contracts';
import { NEWSLETTER_ROUTES } from '@marketplace/contracts/newsletter';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { newsletterArchiveRoutes } from './archive-routes';
import { newsletterPages, pageTranslator, sendNewsletterPage } from './newsletter-pages';
import { confirmSubscription, requestSubscription, subscriberByLink, unsubscribe } from './subscriptions';

export interface NewsletterRoutesOptions {
  /** Sign-ups for one e-mail address in an hour, whoever asks. */
  perAddress: AttemptLimit;
  /** Sign-ups from one client address in an hour, for any e-mail addresses. */
  perNetwork: AttemptLimit;
}

const wantsPage = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

/** RFC 8058's body and the pages' buttons post forms; only the token in the address counts. */
const FORM_BODY_LIMIT = 4096;

/**
 * The newsletter's subscriber side (issue 31, decision 037): sign-up (double opt-in, one answer for
 * every address, limits per address and per network), the e-mailed link's confirmation, and
 * one-click unsubscribe (RFC 8058). Confirming and unsubscribing need no session: the link's token
 * is the authority, so they take no CSRF token, as the notifications' unsubscribe does.
 */
export function newsletterRoutes(
  app: FastifyInstance,
  { perAddress, perNetwork }: NewsletterRoutesOptions,
): Promise<void> {
  const { deps } = app.newsletter;
  const limiter = new RateLimiter(app.db);
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  route(app, NEWSLETTER_ROUTES.subscribe, {}, async (request, reply) => {
    const { email, locale } = request.body;
    await limiter.enforce(`newsletter-network:${request.ip}`, perNetwork, {
      field: 'email',
      message: (seconds) => message('newsletter.tooManyFromNetwork', { seconds }),
    });
    await limiter.enforce(`newsletter-address:${email}`, perAddress, {
      field: 'email',
      message: (seconds) => message('newsletter.tooManyFromAddress', { seconds }),
    });
    await app.events.run((unit) => requestSubscription(deps, unit, email, locale));
    return reply.code(202).send({ data: { received: true as const } });
  });

  const tokenOf = (request: { query: { token?: string | undefined }; body: { token?: string | undefined } }) =>
    request.query.token ?? request.body.token;

  route(app, NEWSLETTER_ROUTES.confirm, { config: { csrf: false } }, async (request, reply) => {
    const translator = pageTranslator(request);
    const confirmed = await confirmSubscription(app.db, tokenOf(request));
    if (!confirmed) {
      request.log.info('newsletter confirmation refused: a forged, used or expired link');
      if (wantsPage(request)) {
        return sendNewsletterPage(reply, translator, {
          status: 404,
          title: 'mail.newsletter.confirmTitle',
          text: 'mail.newsletter.invalidLink',
        });
      }
      throw new HttpError(404, message('newsletter.invalidLink'));
    }
    if (wantsPage(request)) {
      return sendNewsletterPage(reply, translator, {
        status: 200,
        title: 'mail.newsletter.confirmTitle',
        text: 'mail.newsletter.confirmed',
      });
    }
    return reply.send({ data: { status: 'confirmed' as const } });
  });

  route(app, NEWSLETTER_ROUTES.unsubscribe, { config: { csrf: false } }, async (request, reply) => {
    const translator = pageTranslator(request);
    const row = await subscriberByLink(app.db, deps.links, tokenOf(request));
    if (!row) {
      if (wantsPage(request)) {
        return sendNewsletterPage(reply, translator, {
          status: 404,
          title: 'mail.newsletter.unsubscribeTitle',
          text: 'mail.newsletter.invalidLink',
        });
      }
      throw new HttpError(404, message('newsletter.invalidLink'));
    }
    await unsubscribe(app.db, row.id);
    request.log.info({ subscriber: row.id }, 'unsubscribed from the newsletter');
    if (wantsPage(request)) {
      return sendNewsletterPage(reply, translator, {
        status: 200,
        title: 'mail.newsletter.unsubscribeTitle',
        text: 'mail.newsletter.unsubscribed',
      });
    }
    return reply.send({ data: { status: 'unsubscribed' as const } });
  });

  newsletterPages(app, deps.links);
  newsletterArchiveRoutes(app);
  return Promise.resolve();
}
