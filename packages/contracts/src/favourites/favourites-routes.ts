import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam } from '../http/route-params';
import { favouriteIdsSchema, favouritesPageSchema, favouritesQuerySchema } from './favourites';

const listingParams = z.object({ listingId: int4IdParam });

/** Favourites (issue 14); pages without zod use `FAVOURITES_API`, which a test holds to this table. */
export const FAVOURITES_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/favourites',
    querystring: favouritesQuerySchema,
    response: { 200: favouritesPageSchema },
    cursor: 'timeAndId',
  }),
  ids: defineRoute({ method: 'GET', path: '/api/favourites/ids', response: { 200: favouriteIdsSchema } }),
  /** Idempotent: 204 however often a user clicks. */
  save: defineRoute({ method: 'PUT', path: '/api/favourites/:listingId', params: listingParams }),
  remove: defineRoute({ method: 'DELETE', path: '/api/favourites/:listingId', params: listingParams }),
} as const;
