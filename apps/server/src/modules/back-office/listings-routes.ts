import { encodePageCursor } from '@marketplace/contracts';
import { ADMIN_LISTINGS_ROUTES, ADMIN_SEARCH_LIMITS } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { searchListings } from './search-listings';
import { idCursor } from './users-routes';

/** Listings for staff (issue 29, listings.view): search and filters, newest first. */
export function listingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, ADMIN_LISTINGS_ROUTES.listings, { onRequest: app.staffDesk.may('listings.view') }, async (request) => {
    const { q = '', status, category, seller, reported, limit = ADMIN_SEARCH_LIMITS.pageDefault } = request.query;
    // A category filter takes in everything under it, as its public page does; an unknown one matches nothing.
    const categoryIds = category === undefined ? undefined : await app.catalogue.categories.withDescendants(category);
    const rows = await searchListings(app.db, {
      text: q,
      status,
      categoryIds,
      sellerId: seller,
      reported: reported === '1',
      before: idCursor(request.query.cursor),
      limit,
      locale: request.locale,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page,
      next_cursor:
        rows.length > limit && last ? encodePageCursor(ADMIN_LISTINGS_ROUTES.listings.cursor, last.id) : null,
    };
  });
  return Promise.resolve();
}
