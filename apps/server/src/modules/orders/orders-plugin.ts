import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forgetDeliveryAddresses } from './account-deletion';
import { endOpenOrders } from './moderation-cancellations';
import { announceOrders } from './order-announcements';
import { runOrderClock, type OrderClockResult } from './order-clock';
import { OrdersService } from './orders-service';

export interface Orders {
  service: OrdersService;
  /** Expiry, automatic receipt, completion and lapses up to `now` (order-clock.ts); main.ts runs it every minute. */
  tick(now?: Date): Promise<OrderClockResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: Orders;
  }
}

/** The orders module (docs/decisions/021, 029): its use cases, and what follows each step (order-announcements.ts). */
export const orders = fp(
  (app: FastifyInstance) => {
    const service = new OrdersService({ db: app.db, events: app.events, log: app.log });
    announceOrders(app);
    app.events.on('account.deleting', 'in-transaction', ({ userId }, unit) => forgetDeliveryAddresses(unit.db, userId));
    // A listing moderation removed ends its open orders (issue 29).
    app.events.on('moderation.listing-removed', 'in-transaction', (removal, unit) => endOpenOrders(unit, removal));
    app.decorate('orders', { service, tick: (now = new Date()) => runOrderClock(service, now) });
    return Promise.resolve();
  },
  { name: 'orders', dependencies: ['domain-events', 'notifications', 'realtime'] },
);
