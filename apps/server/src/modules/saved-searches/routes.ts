import { message, SAVED_SEARCHES_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { MATCHES_MAX, newMatches } from './saved-search-matches';
import { SavedSearchesRepository, toSavedSearch, type SavedSearchRow } from './saved-searches-repository';

export interface SavedSearchesRoutesOptions {
  /** Each save runs searches for its alerts: a person gets this many saves an hour. */
  throttle: AttemptLimit;
}

/** Saved searches (issue 14): the signed-in user's own, and nobody else's (404). */
export function savedSearchesRoutes(app: FastifyInstance, { throttle }: SavedSearchesRoutesOptions): Promise<void> {
  const repository = new SavedSearchesRepository(app.db);
  const limiter = new RateLimiter(app.db);
  // A deleted account's saved searches go with it (decision 026).
  app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
    await unit.db.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  });
  const view = async (row: SavedSearchRow) =>
    toSavedSearch(row, Math.min((await newMatches(app, row.query, row.seen_at, row.user_id)).length, MATCHES_MAX));

  route(app, SAVED_SEARCHES_ROUTES.list, { onRequest: requireUser }, async (request) => ({
    data: await Promise.all((await repository.list(signedInUser(request).id)).map(view)),
  }));

  route(app, SAVED_SEARCHES_ROUTES.save, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    await limiter.enforce(`saved-searches:${user.id}`, throttle, {
      field: 'name',
      message: (seconds) => message('savedSearches.tooMany', { seconds }),
    });
    const row = await repository.save(user.id, request.body);
    return reply.code(201).send({ data: toSavedSearch(row, 0) });
  });

  route(app, SAVED_SEARCHES_ROUTES.change, { onRequest: requireUser }, async (request) => ({
    data: await view(await repository.change(signedInUser(request).id, request.params.id, request.body)),
  }));

  route(app, SAVED_SEARCHES_ROUTES.seen, { onRequest: requireUser }, async (request) => ({
    data: toSavedSearch(await repository.seen(signedInUser(request).id, request.params.id), 0),
  }));

  route(app, SAVED_SEARCHES_ROUTES.remove, { onRequest: requireUser }, async (request, reply) => {
    await repository.remove(signedInUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  return Promise.resolve();
}
