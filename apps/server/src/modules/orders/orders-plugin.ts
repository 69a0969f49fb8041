import { realtimeChannels } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/** The orders module (docs/decisions/021): its service, told through notifications and real time. */
export const orders = fp(
  (app: FastifyInstance) => {
    const service = new OrdersService(
      app.db,
      {
        notify: (trx, event) => app.notifications.notify(trx, event),
        announce: (results) => app.notifications.announce(results),
        // Real time speeds pages up; the API is the copy of record, so a failed push only makes them late.
        orderChanged: async (order) => {
          await app.realtime.publish(
            [realtimeChannels.user(order.buyer_id), realtimeChannels.user(order.seller_id)],
            'order.updated',
            { order_id: order.id },
          );
        },
        listingChanged: async (listingId) => {
          app.catalogue.categories.invalidate();
          await app.realtime.publish(realtimeChannels.listing(listingId), 'listing.updated', { listing_id: listingId });
        },
        listingStatusChanged: (trx, change) => app.catalogue.listings.changedBy(trx, change),
        // Registered after this plugin: looked up when an order moves, by then it is there.
        orderStep: (trx, step) => app.chat.orderStep(trx, step),
      },
      app.log,
    );
    app.decorate('orders', { service, tick: (now = new Date()) => runOrderClock(service, now) });
    return Promise.resolve();
  },
  { name: 'orders', dependencies: ['catalogue', 'notifications', 'realtime'] },
);
