import { DEFAULT_LOCALE, isLocale, realtimeChannels } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import { appSecret } from './app-secret';
import { composeMail, unsubscribeUrl, type RenderedMail } from './mail/mail-message';
import { MailOutbox } from './mail/mail-outbox';
import { folderTransport, smtpTransport, type MailTransport } from './mail/mail-transport';
import { MailWorker, type MailWorkerOptions } from './mail/mail-worker';
import { NotificationSettings } from './notification-settings';
import { NotificationsRepository } from './notifications-repository';
import { LIST_UNSUBSCRIBE_FIELD, queueMailsTo, queueMailTo, type AddressMail } from './mail-to-address';
import { notify, type NotificationEvent, type Notified } from './notify';
import { UnsubscribeTokens } from './unsubscribe-tokens';

export type Notify = (event: NotificationEvent) => Promise<Notified>;
export type MailBodyRenderer = (row: {
  locale: 'en' | 'ar';
  data: Readonly<Record<string, unknown>>;
  baseUrl: string;
}) => Promise<RenderedMail | undefined>;

export interface Notifications {
  /**
   * Publishes a domain event inside the caller's transaction (notify.ts). Announce the result
   * after commit, or use `transaction`, which does both:
   *
   *   const notified = await app.db.transaction().execute((trx) => { …; return app.notifications.notify(trx, event) });
   *   await app.notifications.announce([notified]);
   */
  notify(trx: Kysely<Database>, event: NotificationEvent): Promise<Notified>;
  /** Notifies inside `unit`, and announces it once the unit has committed. */
  notifyIn(unit: UnitOfWork, event: NotificationEvent): Promise<Notified>;
  /** Queues an e-mail to an address without an account inside `unit` (mail-to-address.ts); sent once it commits. */
  mailToAddressIn(unit: UnitOfWork, mail: AddressMail): Promise<void>;
  /** Many at once, in one statement: the outbox row of each key queued now (a key queued before is left out). */
  mailToAddressesIn(unit: UnitOfWork, mails: readonly AddressMail[]): Promise<Map<string, number>>;
  /** Takes back the outbox rows not yet claimed by a worker (a cancelled newsletter); answers those taken back. */
  withdrawMail(trx: Kysely<Database>, outboxIds: readonly number[]): Promise<number[]>;
  /**
   * E-mails of `template` get their words from `render` (a newsletter issue, decision 040) rather
   * than from the notification's messages; undefined from it sends the row as usual.
   */
  registerMailBody(template: string, render: MailBodyRenderer): void;
  /**
   * E-mail to `userId`, queued or sent, is forgotten: it holds their address, and unsent mail would
   * go to an erased person (an account being deleted: its confirmation is queued after this).
   */
  forgetMailOf(trx: Kysely<Database>, userId: number): Promise<void>;
  /** Runs `work` as a unit of work; once it has committed, announces everything it notified. */
  transaction<T>(work: (trx: Transaction<Database>, notify: Notify) => Promise<T>): Promise<T>;
  /** After commit: the new notification and unread count on private-user.{id}, and the mail worker woken. */
  announce(results: readonly Notified[]): Promise<void>;
  settings: NotificationSettings;
  repository: NotificationsRepository;
  tokens: UnsubscribeTokens;
  /** Sends the outbox; main.ts starts it, the app's close stops it. */
  worker: MailWorker;
  /** Another worker on the same outbox and e-mails (tests: a second process's, a short lease). */
  newWorker(overrides?: Partial<MailWorkerOptions>): MailWorker;
  transport: MailTransport;
  /** The e-mail an outbox row is sent as, composed as the worker composes it (the development mailbox shows it). */
  compose: MailWorkerOptions['compose'];
  /** Forgets e-mails sent more than SENT_MAIL_KEPT_DAYS ago; main.ts runs it hourly. */
  pruneOutbox(): Promise<number>;
}

/** Long enough to answer "did you send me…?" a few weeks later; the idempotency keys go with them. */
export const SENT_MAIL_KEPT_DAYS = 30;

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export interface NotificationsOptions {
  config: Pick<Config, 'mail' | 'appKey' | 'publicUrl' | 'port' | 'realtime'>;
  /** Tests give their own (a folder, an SMTP server of theirs); otherwise from the configuration. */
  transport?: MailTransport;
}

/** The domain of an address like `Name <user@domain>`, for Message-IDs. */
const domainOf = (from: string) => /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** An address e-mail's own list unsubscribe (the newsletter's), kept in its data when it was queued. */
const listUnsubscribeUrl = (site: string, userId: number | null, data: Readonly<Record<string, unknown>>) => {
  const path = data[LIST_UNSUBSCRIBE_FIELD];
  return userId === null && typeof path === 'string' && path.startsWith('/api/') ? `${site}${path}` : null;
};

/** Notifications, their settings and e-mail (decision 019). */
export const notifications = fp(
  async (app: FastifyInstance, { config, transport: given }: NotificationsOptions) => {
    const tokens = new UnsubscribeTokens(await appSecret(app.db, config.appKey));
    const settings = new NotificationSettings(app.db, app.events);
    const repository = new NotificationsRepository(app.db);
    const transport =
      given ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : folderTransport(config.mail.folder));
    const context = { messageIdDomain: domainOf(config.mail.from) };
    if (config.mail.smtpUrl && !config.publicUrl) {
      app.log.warn('SMTP_URL is set without PUBLIC_URL: links in e-mails point to http://localhost; set PUBLIC_URL');
    }

    const baseUrl = () => {
      if (config.publicUrl) return config.publicUrl;
      const address = app.server.listening ? app.server.address() : null;
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://localhost:${port}`;
    };

    const newWorker = (overrides: Partial<MailWorkerOptions> = {}) =>
      new MailWorker({ db: app.db, transport, log: app.log, compose, ...overrides });
    const bodies = new Map<string, MailBodyRenderer>();
    const compose: MailWorkerOptions['compose'] = async (row) => {
      const site = baseUrl();
      const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
      const rendered = await bodies.get(row.template)?.({ locale, data: row.data, baseUrl: site });
      return composeMail(
        {
          recipient: row.recipient,
          recipientName: row.recipient_name,
          locale,
          template: row.template,
          category: row.category,
          data: row.data,
          path: row.path,
          messageId: row.message_id,
          unsubscribeUrl:
            row.unsubscribe_category !== null && row.user_id !== null
              ? unsubscribeUrl(site, tokens.sign(row.user_id, row.unsubscribe_category), locale)
              : listUnsubscribeUrl(site, row.user_id, row.data),
          rendered,
        },
        { from: config.mail.from, baseUrl: site },
      );
    };
    const worker = newWorker();

    const announce = async (results: readonly Notified[]) => {
      // Before listen (the clock's first run at start-up) the embedded server has nobody to tell.
      const nobodyListens = config.realtime.driver === 'embedded' && !app.server.listening;
      if (results.some((result) => result.outboxId !== null)) worker.poke();
      for (const { userId, notificationId } of results) {
        if (notificationId === null || nobodyListens) continue;
        try {
          const unread = await repository.unreadCount(userId);
          await app.realtime.publish(realtimeChannels.user(userId), 'notification.created', {
            notification_id: notificationId,
            unread_count: unread,
          });
        } catch (error) {
          // Committed already: a page that missed the push catches up from the API (docs/product/marketplace.md).
          app.log.error({ err: error, user: userId }, 'notification not announced');
        }
      }
    };

    const notifyIn = async (unit: UnitOfWork, event: NotificationEvent) => {
      const result = await notify(unit.db, event, context);
      unit.afterCommit(() => announce([result]));
      return result;
    };

    app.decorate('notifications', {
      notify: (trx, event) => notify(trx, event, context),
      notifyIn,
      mailToAddressIn: async (unit, mail) => {
        const outboxId = await queueMailTo(unit.db, mail, context);
        if (outboxId !== null) {
          unit.afterCommit(() => {
            worker.poke();
            return Promise.resolve();
          });
        }
      },
      mailToAddressesIn: async (unit, mails) => {
        const queued = await queueMailsTo(unit.db, mails, context);
        if (queued.size > 0) {
          unit.afterCommit(() => {
            worker.poke();
            return Promise.resolve();
          });
        }
        return queued;
      },
      withdrawMail: async (trx, outboxIds) => {
        if (outboxIds.length === 0) return [];
        const rows = await trx
          .deleteFrom('mail_outbox')
          .where('id', 'in', [...outboxIds])
          .where('status', '=', 'pending')
          .returning('id')
          .execute();
        return rows.map((row) => row.id);
      },
      registerMailBody: (template, render) => {
        bodies.set(template, render);
      },
      forgetMailOf: async (trx, userId) => {
        await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
      },
      transaction: (work) => app.events.run((unit) => work(unit.db, (event) => notifyIn(unit, event))),
      announce,
      compose,
      settings,
      repository,
      tokens,
      worker,
      newWorker,
      transport,
      pruneOutbox: () => new MailOutbox(app.db).pruneSent(SENT_MAIL_KEPT_DAYS),
    } satisfies Notifications);

    // A deleted account's notifications and settings go with it (decision 026).
    app.events.on('account.deleting', 'in-transaction', async ({ userId }, unit) => {
      await unit.db.deleteFrom('notifications').where('user_id', '=', userId).execute();
      await unit.db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
    });

    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'notifications', dependencies: ['domain-events', 'realtime'] },
);
