import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { favouriteAlerts } from './favourite-alerts';

/** Favourites' side of the catalogue: the people who saved a listing hear of its changes. */
export const favourites = fp(
  (app: FastifyInstance) => {
    app.catalogue.listings.onChange(favouriteAlerts(app.notifications));
    return Promise.resolve();
  },
  { name: 'favourites', dependencies: ['catalogue', 'notifications'] },
);
