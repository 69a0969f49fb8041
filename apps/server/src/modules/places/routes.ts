import { PLACES_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { PlacesRepository } from './places-repository';
import { listTimezones } from './timezones';

/**
 * GET /cities and GET /timezones: reference data with nothing personal in it, so they need no
 * session and browsers and proxies may keep them a while (docs/decisions/009-profile-data-and-avatars.md).
 * Cities answer in the request's language; time zones are IANA names, which the page labels itself.
 */
export function placesRoutes(app: FastifyInstance): Promise<void> {
  const places = new PlacesRepository(app.db);

  route(app, PLACES_ROUTES.cities, {}, async (request, reply) => {
    // Named in the request's language, which the cookie or Accept-Language decides (plugins/i18n.ts).
    reply.header('cache-control', 'public, max-age=3600').header('vary', 'Accept-Language, Cookie');
    return { data: await places.listCities(request.locale) };
  });

  route(app, PLACES_ROUTES.timezones, {}, (_request, reply) => {
    reply.header('cache-control', 'public, max-age=900');
    return Promise.resolve({ data: listTimezones() });
  });

  return Promise.resolve();
}
