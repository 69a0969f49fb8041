import { STAFF_CHANNEL } from '@marketplace/contracts/staff';
import { NEWSLETTER_PROGRESS_EVENT } from '@marketplace/contracts/newsletter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appSecret } from '../notifications';
import { followEmailChange } from './email-change';
import { issueMailBody } from './issue-mail-body';
import { NewsletterSender } from './issue-sender';
import { readIssue } from './issues-repository';
import { UnsubscribeLinks } from './newsletter-tokens';
import { setUserSubscription, type SubscriptionDeps } from './subscriptions';

export interface Newsletter {
  deps: SubscriptionDeps;
  links: UnsubscribeLinks;
  /** Sends the issues being sent, paced; main.ts starts it, the app's close stops it. */
  sender: NewsletterSender;
  /** Another sender on the same issues (tests: a second process's). */
  newSender(perMinute?: number, batchMax?: number): NewsletterSender;
  /** Tells the staff screens an issue's progress (after a batch, a cancel). */
  progressed(issueId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: Newsletter;
  }
}

export interface NewsletterOptions {
  /** Signs the one-click unsubscribe links (APP_KEY, or the one the first process stored). */
  appKey: string | undefined;
  /** Issues handed to the mail outbox a minute (NEWSLETTER_SENDS_PER_MINUTE); 0: unpaced. */
  sendsPerMinute?: number;
}

/** A screen missing one push catches up with the next (at most a second later) or on reconnecting. */
const PUSH_EVERY_MS = 1000;

/**
 * The newsletter (issue 31, decisions 037 and 040): its list — a user's "News and offers" e-mail
 * switch is the same list, and follows their address — and its issues, sent paced by a sender in
 * each process, their e-mails' words rendered here for the mail worker.
 */
export const newsletter = fp(
  async (app: FastifyInstance, { appKey, sendsPerMinute = 600 }: NewsletterOptions) => {
    const links = new UnsubscribeLinks(await appSecret(app.db, appKey));
    const deps: SubscriptionDeps = {
      links,
      mailTo: (unit, mail) => app.notifications.mailToAddressIn(unit, mail),
    };

    const lastPush = new Map<number, number>();
    const progressed = async (issueId: number) => {
      const issue = await readIssue(app.db, issueId);
      if (!issue) return;
      const finished = issue.status !== 'sending';
      if (!finished && Date.now() - (lastPush.get(issueId) ?? 0) < PUSH_EVERY_MS) return;
      lastPush.set(issueId, Date.now());
      if (finished) lastPush.delete(issueId);
      await app.realtime
        .publish(STAFF_CHANNEL, NEWSLETTER_PROGRESS_EVENT, { id: issueId })
        .catch((error: unknown) => app.log.warn({ err: error, issue: issueId }, 'newsletter progress not pushed'));
    };
    const newSender = (perMinute = sendsPerMinute, batchMax?: number) =>
      new NewsletterSender(
        {
          db: app.db,
          events: app.events,
          links,
          mailMany: (unit, mails) => app.notifications.mailToAddressesIn(unit, mails),
          progressed,
          log: app.log,
        },
        { perMinute, ...(batchMax !== undefined && { batchMax }) },
      );
    const sender = newSender();
    app.notifications.registerMailBody('newsletter.issue', issueMailBody(app.db));

    app.events.on('notifications.news-email-changed', 'in-transaction', ({ userId, enabled }, unit) =>
      setUserSubscription(unit.db, userId, enabled),
    );
    app.events.on('account.email-changed', 'in-transaction', (event, unit) => followEmailChange(unit.db, event));

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

    app.decorate('newsletter', { deps, links, sender, newSender, progressed });
    app.addHook('onClose', () => sender.stop());
  },
  { name: 'newsletter', dependencies: ['domain-events', 'notifications', 'realtime'] },
);
