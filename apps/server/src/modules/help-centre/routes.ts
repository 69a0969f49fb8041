import { API_MESSAGES, message } from '@marketplace/contracts';
import { HELP_ROUTES } from '@marketplace/contracts/help';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { readContentPage } from './content-pages';
import { castVote, readVotes, voterOf } from './help-votes';
import { readIndex, readQuestion, searchQuestions } from './read-faq';

export interface HelpCentreRoutesOptions {
  /** Votes from one address (issue 30: throttled); 30 in 10 minutes unless told otherwise. */
  voteThrottle?: AttemptLimit;
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/**
 * The help centre for everyone (issue 30, decision 031): the FAQ by topic, its search, one question
 * with its answer, "Was this helpful?", the pages staff edit; and /faq, the old address, to /help.
 */
export function helpCentreRoutes(app: FastifyInstance, options: HelpCentreRoutesOptions): Promise<void> {
  const limiter = new RateLimiter(app.db);
  const voteThrottle = options.voteThrottle ?? { maxAttempts: 30, decaySeconds: 600 };

  route(app, HELP_ROUTES.index, {}, async (request) => ({ data: { topics: await readIndex(app.db, request.locale) } }));

  route(app, HELP_ROUTES.search, {}, async (request) => searchQuestions(app.db, request.query.q, request.locale));

  route(app, HELP_ROUTES.question, {}, async (request) => {
    const question = await readQuestion(app.db, request.params.slug, request.locale, voterOf(request));
    if (!question) throw notFound();
    return { data: question };
  });

  route(app, HELP_ROUTES.vote, {}, async (request) => {
    const voter = voterOf(request);
    // A POST has passed the CSRF check, so it has a session; without one nothing names the voter.
    if (!voter) throw notFound();
    await limiter.enforce(`help-votes:${request.ip}`, voteThrottle, {
      field: 'helpful',
      message: (seconds) => message('help.tooManyVotes', { seconds }),
    });
    const { id } = request.params;
    if (!(await castVote(app.db, id, voter, request.body.helpful))) throw notFound();
    return { data: await readVotes(app.db, id, voter) };
  });

  route(app, HELP_ROUTES.page, {}, async (request) => {
    const page = await readContentPage(app.db, request.params.slug, request.locale);
    if (!page) throw notFound();
    return { data: page };
  });

  app.get('/faq', (request, reply) => {
    const query = request.url.indexOf('?') === -1 ? '' : request.url.slice(request.url.indexOf('?'));
    return reply.code(301).header('cache-control', 'no-store').redirect(`/help${query}`, 301);
  });

  return Promise.resolve();
}
