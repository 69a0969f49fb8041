import { QUEUE_CHANGED_EVENT, STAFF_CHANNEL, type ModerationTargetType } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ModerationDeps } from './moderation-deps';
import { liftEndedSuspensions } from './suspension-clock';

export interface Moderation {
  deps: ModerationDeps;
  /** Lifts the suspensions that have run out by `now` (suspension-clock.ts); main.ts runs it every minute. */
  tick(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    moderation: Moderation;
  }
}

/**
 * Moderation (issue 29): its use cases' dependencies, the clock that ends suspensions, the closing of
 * reports of people (its own table) when a moderator decides, and the staff channel told whenever
 * a report arrives or is acted on, so open queues ask again.
 */
export const moderation = fp(
  (app: FastifyInstance) => {
    const deps: ModerationDeps = {
      db: app.db,
      events: app.events,
      notify: (unit, event) => app.notifications.notifyIn(unit, event),
      endSessions: (trx, userId) => app.sessions.deleteAllForUserIn(trx, userId),
    };

    app.events.on('moderation.reports-resolved', 'in-transaction', async (event, unit) => {
      if (event.type !== 'user') return;
      await unit.db
        .updateTable('user_reports')
        .set({ resolved_at: event.at, resolved_by: event.by, outcome: event.outcome })
        .where('id', 'in', [...event.reportIds])
        .where('resolved_at', 'is', null)
        .execute();
    });

    // Real time speeds the queue up; the API is the copy of record, so a failed push only makes it late.
    const queueChanged = (type: ModerationTargetType, id: number) => {
      const data = { type, id };
      return app.realtime.publish(STAFF_CHANNEL, QUEUE_CHANGED_EVENT, data);
    };
    app.events.on('listing.reported', 'after-commit', ({ listingId }) => queueChanged('listing', listingId));
    app.events.on('conversation.reported', 'after-commit', ({ conversationId }) =>
      queueChanged('conversation', conversationId),
    );
    app.events.on('user.reported', 'after-commit', ({ userId }) => queueChanged('user', userId));
    app.events.on('moderation.acted', 'after-commit', ({ type, id }) => queueChanged(type, id));

    app.decorate('moderation', {
      deps,
      tick: (now = new Date()) => liftEndedSuspensions(deps, now),
    });
    return Promise.resolve();
  },
  { name: 'moderation', dependencies: ['domain-events', 'notifications', 'realtime', 'sessions'] },
);
