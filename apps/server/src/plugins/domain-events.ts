import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainEventBus } from '../events/unit-of-work';

declare module 'fastify' {
  interface FastifyInstance {
    /** Units of work and who hears their events (docs/decisions/029). */
    events: DomainEventBus;
  }
}

/** The one event bus: modules subscribe in their plugins, use cases run as units of work on it. */
export const domainEvents = fp(
  (app: FastifyInstance) => {
    app.decorate('events', new DomainEventBus(app.db, app.log));
    return Promise.resolve();
  },
  { name: 'domain-events' },
);
