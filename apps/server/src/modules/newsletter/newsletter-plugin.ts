import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appSecret } from '../notifications';
import { UnsubscribeLinks } from './newsletter-tokens';
import { setUserSubscription, type SubscriptionDeps } from './subscriptions';

export interface Newsletter {
  deps: SubscriptionDeps;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: Newsletter;
  }
}

export interface NewsletterOptions {
  /** Signs the one-click unsubscribe links (APP_KEY, or the one the first process stored). */
  appKey: string | undefined;
}

/**
 * The newsletter's list (issue 31, decision 037). A user's "News and offers" e-mail switch is the
 * same list: the notifications module tells of its change in its transaction, and the list follows.
 */
export const newsletter = fp(
  async (app: FastifyInstance, { appKey }: NewsletterOptions) => {
    const deps: SubscriptionDeps = {
      links: new UnsubscribeLinks(await appSecret(app.db, appKey)),
      mailTo: (unit, mail) => app.notifications.mailToAddressIn(unit, mail),
    };

    app.events.on('notifications.news-email-changed', 'in-transaction', ({ userId, enabled }, unit) =>
      setUserSubscription(unit.db, userId, enabled),
    );

    // A deleted account's address leaves the list, whether it joined by the switch or by the form (decision 026).
    app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
      const user = await unit.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      await unit.db
        .deleteFrom('newsletter_subscribers')
        .where((eb) =>
          eb.or([eb('user_id', '=', userId), ...(user ? [eb('email', '=', user.email.toLowerCase())] : [])]),
        )
        .execute();
    });

    app.decorate('newsletter', { deps });
  },
  { name: 'newsletter', dependencies: ['domain-events', 'notifications'] },
);
