import {
  API_MESSAGES,
  encodeMessage,
  FAVOURITES_API,
  FAVOURITES_PAGE_SIZE,
  favouriteIdsSchema,
  favouritesPageSchema,
  favouritesQuerySchema,
  message,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError, type ZodTypeProvider } from '../../plugins/validation';
import { decodeCursor, encodeCursor, toCard } from '../catalogue';
import { FavouritesRepository } from './favourites-repository';

/** A listing id in an address: anything else names no listing (404, not 422). */
function listingIdParam(request: FastifyRequest): number {
  const text = (request.params as { listingId?: string }).listingId ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw new HttpError(404, message(API_MESSAGES.notFound));
  return id;
}

/**
 * Favourites (issue 14): PUT saves and DELETE unsaves a listing, each idempotent (204 whatever the
 * number of clicks or tabs); the list and the ids are the signed-in user's own and nobody else's.
 */
export function favouritesRoutes(app: FastifyInstance): Promise<void> {
  const favourites = new FavouritesRepository(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/favourites/:listingId';

  routes.get(
    FAVOURITES_API.ids,
    { onRequest: requireUser, schema: { response: { 200: favouriteIdsSchema } } },
    async (request) => ({ data: await favourites.ids(signedInUser(request).id) }),
  );

  routes.get(
    FAVOURITES_API.list,
    { onRequest: requireUser, schema: { querystring: favouritesQuerySchema, response: { 200: favouritesPageSchema } } },
    async (request) => {
      const { show, limit = FAVOURITES_PAGE_SIZE.default } = request.query;
      let cursor;
      if (request.query.cursor !== undefined) {
        cursor = decodeCursor(request.query.cursor);
        if (!cursor) throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
      }
      const rows = await favourites.page(signedInUser(request).id, show, cursor, limit, request.locale);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((row) => ({
          listing: toCard(row),
          saved_at: row.saved_at.toISOString(),
          saved_price_fils: row.saved_price_fils,
          saved_status: row.saved_status,
        })),
        next_cursor: rows.length > limit && last ? encodeCursor({ at: last.saved_at, id: last.id }) : null,
      };
    },
  );

  routes.put(path, { onRequest: requireUser }, async (request, reply) => {
    await favourites.save(signedInUser(request), listingIdParam(request));
    return reply.code(204).send();
  });

  routes.delete(path, { onRequest: requireUser }, async (request, reply) => {
    await favourites.remove(signedInUser(request).id, listingIdParam(request));
    return reply.code(204).send();
  });

  return Promise.resolve();
}
