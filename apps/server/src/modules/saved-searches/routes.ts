import {
  API_MESSAGES,
  message,
  newSavedSearchSchema,
  SAVED_SEARCHES_API,
  savedSearchChangesSchema,
  savedSearchListSchema,
  savedSearchResponseSchema,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import type { ZodTypeProvider } from '../../plugins/validation';
import { MATCHES_MAX, newMatches } from './saved-search-matches';
import { SavedSearchesRepository, toSavedSearch, type SavedSearchRow } from './saved-searches-repository';

export interface SavedSearchesRoutesOptions {
  /** Each save runs searches for its alerts: a person gets this many saves an hour. */
  throttle: AttemptLimit;
}

function idParam(request: FastifyRequest): number {
  const text = (request.params as { id?: string }).id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw new HttpError(404, message(API_MESSAGES.notFound));
  return id;
}

/** Saved searches (issue 14): the signed-in user's own, and nobody else's (404). */
export function savedSearchesRoutes(app: FastifyInstance, { throttle }: SavedSearchesRoutesOptions): Promise<void> {
  const repository = new SavedSearchesRepository(app.db);
  const limiter = new RateLimiter(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A deleted account's saved searches go with it (decision 026).
  app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
    await unit.db.deleteFrom('saved_searches').where('user_id', '=', userId).execute();
  });
  const view = async (row: SavedSearchRow) =>
    toSavedSearch(row, Math.min((await newMatches(app, row.query, row.seen_at, row.user_id)).length, MATCHES_MAX));

  routes.get(
    SAVED_SEARCHES_API.list,
    { onRequest: requireUser, schema: { response: { 200: savedSearchListSchema } } },
    async (request) => ({
      data: await Promise.all((await repository.list(signedInUser(request).id)).map(view)),
    }),
  );

  routes.post(
    SAVED_SEARCHES_API.list,
    { onRequest: requireUser, schema: { body: newSavedSearchSchema, response: { 201: savedSearchResponseSchema } } },
    async (request, reply) => {
      const user = signedInUser(request);
      await limiter.enforce(`saved-searches:${user.id}`, throttle, {
        field: 'name',
        message: (seconds) => message('savedSearches.tooMany', { seconds }),
      });
      const row = await repository.save(user.id, request.body);
      return reply.code(201).send({ data: toSavedSearch(row, 0) });
    },
  );

  routes.patch(
    '/api/saved-searches/:id',
    {
      onRequest: requireUser,
      schema: { body: savedSearchChangesSchema, response: { 200: savedSearchResponseSchema } },
    },
    async (request) => ({
      data: await view(await repository.change(signedInUser(request).id, idParam(request), request.body)),
    }),
  );

  routes.post(
    '/api/saved-searches/:id/seen',
    { onRequest: requireUser, schema: { response: { 200: savedSearchResponseSchema } } },
    async (request) => ({ data: toSavedSearch(await repository.seen(signedInUser(request).id, idParam(request)), 0) }),
  );

  routes.delete('/api/saved-searches/:id', { onRequest: requireUser }, async (request, reply) => {
    await repository.remove(signedInUser(request).id, idParam(request));
    return reply.code(204).send();
  });

  return Promise.resolve();
}
