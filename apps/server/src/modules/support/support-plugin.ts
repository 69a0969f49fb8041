import { realtimeChannels } from '@marketplace/contracts';
import { STAFF_CHANNEL } from '@marketplace/contracts/staff';
import { SUPPORT_QUEUE_CHANGED_EVENT, SUPPORT_TICKET_UPDATED_EVENT } from '@marketplace/contracts/support';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PhotoStore } from '../media';
import { appSecret } from '../notifications';
import type { SupportDeps } from './support-deps';
import { FormTokens, TicketLinks } from './support-tokens';

export interface Support {
  deps: SupportDeps;
}

declare module 'fastify' {
  interface FastifyInstance {
    support: Support;
  }
}

export interface SupportOptions {
  /** Signs visitors' links and the form's timestamp (APP_KEY, or the one the first process stored). */
  appKey: string | undefined;
  /** A person takes this long at least to write to us (SUPPORT_MIN_FILL_SECONDS). */
  minFillSeconds: number;
}

/**
 * Support tickets (issue 30, decision 032): its use cases' dependencies, and the pushes after each
 * change: the ticket's user (their open page asks again) for what they see, every staff queue for all.
 */
export const support = fp(
  async (app: FastifyInstance, { appKey, minFillSeconds }: SupportOptions) => {
    const secret = await appSecret(app.db, appKey);
    const photos = new PhotoStore({ db: app.db, storage: app.storage, log: app.log });
    const deps: SupportDeps = {
      db: app.db,
      events: app.events,
      notify: (unit, event) => app.notifications.notifyIn(unit, event),
      mailTo: (unit, mail) => app.notifications.mailToAddressIn(unit, mail),
      links: new TicketLinks(secret),
      forms: new FormTokens(secret, minFillSeconds * 1000),
      photos,
      // Real time speeds pages up; the API is the copy of record, so a failed push only makes a page late.
      announce: async (ticketId, toUser) => {
        if (toUser !== null) {
          await app.realtime.publish(realtimeChannels.user(toUser), SUPPORT_TICKET_UPDATED_EVENT, {
            ticket_id: ticketId,
          });
        }
        await app.realtime.publish(STAFF_CHANNEL, SUPPORT_QUEUE_CHANGED_EVENT, { ticket_id: ticketId });
      },
    };

    // A deleted account's tickets go with it (decision 026), their photos' files once it commits.
    app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
      const photoKeys = await unit.db
        .selectFrom('support_photos')
        .innerJoin('support_messages', 'support_messages.id', 'support_photos.message_id')
        .innerJoin('support_tickets', 'support_tickets.id', 'support_messages.ticket_id')
        .select('support_photos.photo_key')
        .where('support_tickets.user_id', '=', userId)
        .execute();
      await unit.db.deleteFrom('support_tickets').where('user_id', '=', userId).execute();
      if (photoKeys.length) {
        unit.afterCommit(() =>
          photos.remove(
            'support',
            photoKeys.map((row) => row.photo_key),
          ),
        );
      }
    });

    app.decorate('support', { deps });
  },
  { name: 'support', dependencies: ['domain-events', 'notifications', 'realtime', 'storage'] },
);
