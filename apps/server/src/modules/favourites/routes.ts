import {
  decodePageCursor,
  encodeMessage,
  encodePageCursor,
  FAVOURITES_PAGE_SIZE,
  FAVOURITES_ROUTES,
  message,
} from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError } from '../../plugins/validation';
import { toCard } from '../catalogue';
import { FavouritesRepository } from './favourites-repository';

/**
 * Favourites (issue 14): PUT saves and DELETE unsaves a listing, each idempotent (204 whatever the
 * number of clicks or tabs); the list and the ids are the signed-in user's own and nobody else's.
 */
export function favouritesRoutes(app: FastifyInstance): Promise<void> {
  const favourites = new FavouritesRepository(app.db);

  route(app, FAVOURITES_ROUTES.ids, { onRequest: requireUser }, async (request) => ({
    data: await favourites.ids(signedInUser(request).id),
  }));

  route(app, FAVOURITES_ROUTES.list, { onRequest: requireUser }, async (request) => {
    const { show, limit = FAVOURITES_PAGE_SIZE.default } = request.query;
    let cursor;
    if (request.query.cursor !== undefined) {
      cursor = decodePageCursor(FAVOURITES_ROUTES.list.cursor, request.query.cursor);
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
      next_cursor:
        rows.length > limit && last
          ? encodePageCursor(FAVOURITES_ROUTES.list.cursor, { at: last.saved_at, id: last.id })
          : null,
    };
  });

  route(app, FAVOURITES_ROUTES.save, { onRequest: requireUser }, async (request, reply) => {
    await favourites.save(signedInUser(request), request.params.listingId);
    return reply.code(204).send();
  });

  route(app, FAVOURITES_ROUTES.remove, { onRequest: requireUser }, async (request, reply) => {
    await favourites.remove(signedInUser(request).id, request.params.listingId);
    return reply.code(204).send();
  });

  return Promise.resolve();
}
