import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { forgetVotes } from './help-votes';

/** The help centre's listeners: a deleted account's votes go with it (decision 026). */
export const helpCentre = fp(
  (app: FastifyInstance) => {
    app.events.on('account.deleting', 'in-transaction', ({ userId }, unit) => forgetVotes(unit.db, userId));
    return Promise.resolve();
  },
  { name: 'help-centre', dependencies: ['domain-events'] },
);
