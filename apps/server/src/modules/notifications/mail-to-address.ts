import { randomUUID } from 'node:crypto';
import type { Locale, NotificationData, NotificationType } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NotifyContext } from './notify';

/** An e-mail to someone without an account (a visitor who wrote to support): their address is all there is. */
export interface AddressMail {
  recipient: string;
  recipientName: string;
  locale: Locale;
  type: NotificationType;
  data: NotificationData;
  /** The page it links to, on this site (a visitor's signed link). */
  path: string | null;
  /** The same key is queued once. */
  key: string;
  /**
   * A list's one-click unsubscribe on this site (the newsletter's, decision 037): the e-mail then
   * carries List-Unsubscribe (RFC 8058) to it and is filed under news rather than account.
   */
  unsubscribePath?: string;
}

/** Where an address e-mail's one-click unsubscribe link is kept, in its outbox row's data. */
export const LIST_UNSUBSCRIBE_FIELD = 'list_unsubscribe';

/**
 * Queues an e-mail to an address in the caller's transaction, as notify() does for a user: no
 * notification (there is no bell), and no unsubscribe link (it answers something the person asked)
 * unless the mail is a list's (`unsubscribePath`).
 */
export async function queueMailTo(
  trx: Kysely<Database>,
  mail: AddressMail,
  context: NotifyContext,
): Promise<number | null> {
  const queued = await queueMailsTo(trx, [mail], context);
  return queued.get(mail.key) ?? null;
}

/** The outbox row of an address e-mail. */
function outboxValues(mail: AddressMail, context: NotifyContext) {
  const data = Object.fromEntries(
    Object.entries(mail.data).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replaceAll('\u0000', '') : value,
    ]),
  );
  if (mail.unsubscribePath !== undefined) data[LIST_UNSUBSCRIBE_FIELD] = mail.unsubscribePath;
  return {
    idempotency_key: `address:${mail.key}`,
    user_id: null,
    recipient: mail.recipient,
    recipient_name: mail.recipientName,
    locale: mail.locale,
    template: mail.type,
    data: JSON.stringify(data),
    path: mail.path,
    category: mail.unsubscribePath === undefined ? ('account' as const) : ('news' as const),
    unsubscribe_category: null,
    message_id: `<${randomUUID()}@${context.messageIdDomain}>`,
  };
}

/**
 * Queues many address e-mails in one statement (a newsletter's batch, decision 040): the outbox row
 * of each key queued now; a key queued before is not queued again and is missing from the answer.
 */
export async function queueMailsTo(
  trx: Kysely<Database>,
  mails: readonly AddressMail[],
  context: NotifyContext,
): Promise<Map<string, number>> {
  if (mails.length === 0) return new Map();
  const rows = await trx
    .insertInto('mail_outbox')
    .values(mails.map((mail) => outboxValues(mail, context)))
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning(['id', 'idempotency_key'])
    .execute();
  return new Map(rows.map((row) => [row.idempotency_key.slice('address:'.length), row.id]));
}
