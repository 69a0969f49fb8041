import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { favouriteAlerts } from './favourite-alerts';

/** Favourites' side of the catalogue: the people who saved a listing hear of its changes. */
export const favourites = fp(
  (app: FastifyInstance) => {
    const alerts = favouriteAlerts(app.notifications);
    app.events.on('listing.changed', 'in-transaction', async (change, unit) => {
      const announce = await alerts(unit.db, change);
      if (announce) unit.afterCommit(announce);
    });
    // A deleted account's saved listings go with it (decision 026).
    app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
      await unit.db.deleteFrom('favourites').where('user_id', '=', userId).execute();
    });
    return Promise.resolve();
  },
  { name: 'favourites', dependencies: ['domain-events', 'notifications'] },
);
