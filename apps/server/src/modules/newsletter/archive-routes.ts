import { API_MESSAGES, message } from '@marketplace/contracts';
import { NEWSLETTER_ARCHIVE_ROUTES } from '@marketplace/contracts/newsletter';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { sentIssue, sentIssues } from './issues-repository';

/** The archive (issue 31, decision 040): the issues sent, newest first, each in the reader's language. */
export function newsletterArchiveRoutes(app: FastifyInstance): void {
  route(app, NEWSLETTER_ARCHIVE_ROUTES.list, {}, async (request) => ({
    data: await sentIssues(app.db, request.locale),
  }));

  route(app, NEWSLETTER_ARCHIVE_ROUTES.one, {}, async (request) => {
    const issue = await sentIssue(app.db, request.params.id, request.locale);
    if (!issue) throw new HttpError(404, message(API_MESSAGES.notFound));
    return { data: issue };
  });
}
