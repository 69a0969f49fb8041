import { randomUUID } from 'node:crypto';
import type { Locale } from '@marketplace/contracts';
import { NEWSLETTER_API, NEWSLETTER_LIMITS, NEWSLETTER_PAGES } from '@marketplace/contracts/newsletter';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { AddressMail } from '../notifications';
import { confirmationHash, newConfirmationSecret, type UnsubscribeLinks } from './newsletter-tokens';

export interface SubscriptionDeps {
  links: UnsubscribeLinks;
  mailTo: (unit: UnitOfWork, mail: AddressMail) => Promise<void>;
}

const unsubscribePath = (links: UnsubscribeLinks, id: number, email: string, locale: Locale) =>
  `${NEWSLETTER_API.unsubscribe}?token=${links.sign(id, email)}&lang=${locale}`;

/**
 * Someone asked for the newsletter at `email` (the double opt-in's first step). Whatever the address
 * (new, pending, unsubscribed, confirmed, a user's or nobody's) one e-mail is queued and the caller
 * answers the same: a new confirmation link, or, for an address already on the list, a note saying
 * so. The list itself does not change until the link is followed.
 */
export async function requestSubscription(
  deps: SubscriptionDeps,
  unit: UnitOfWork,
  email: string,
  locale: Locale,
): Promise<void> {
  const existing = await unit.db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
  const mail = { recipient: email, recipientName: '', locale, key: `newsletter:${randomUUID()}` };
  if (existing?.status === 'confirmed') {
    // The same writes as a new address (one statement, one e-mail), so the answer takes as long.
    await unit.db
      .updateTable('newsletter_subscribers')
      .set({ updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    await deps.mailTo(unit, {
      ...mail,
      type: 'newsletter.already',
      data: {},
      path: null,
      unsubscribePath: unsubscribePath(deps.links, existing.id, email, locale),
    });
    return;
  }
  const secret = newConfirmationSecret();
  const expires = sql<Date>`now() + make_interval(days => ${NEWSLETTER_LIMITS.confirmationDays})`;
  const row = await unit.db
    .insertInto('newsletter_subscribers')
    .values({
      email,
      locale,
      status: 'pending',
      confirmation_token_hash: confirmationHash(secret),
      confirmation_expires_at: expires,
    })
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({
        locale,
        status: 'pending',
        confirmation_token_hash: confirmationHash(secret),
        confirmation_expires_at: expires,
        updated_at: new Date(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.mailTo(unit, {
    ...mail,
    type: 'newsletter.confirm',
    data: { days: NEWSLETTER_LIMITS.confirmationDays },
    path: `${NEWSLETTER_PAGES.confirm}?token=${secret}&lang=${locale}`,
    unsubscribePath: unsubscribePath(deps.links, row.id, email, locale),
  });
}

/** The subscriber an unsubscribe link names, when its signature holds for their address; else undefined. */
export async function subscriberByLink(db: Kysely<Database>, links: UnsubscribeLinks, token: string | undefined) {
  const id = links.subscriberId(token);
  if (id === null || token === undefined) return undefined;
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && links.matches(token, row.id, row.email) ? row : undefined;
}

/** The pending subscription a confirmation secret names, if it is still unused and unexpired. */
export async function pendingBySecret(db: Kysely<Database>, secret: string | undefined) {
  const hash = confirmationHash(secret);
  if (hash === null) return undefined;
  return db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'locale'])
    .where('confirmation_token_hash', '=', hash)
    .where('status', '=', 'pending')
    .where('confirmation_expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Follows a confirmation link: the address is on the list, the link is spent, and an address that
 * is a user's is linked to them (their "News and offers" switch now shows on). False for a link
 * that is forged, used or expired.
 */
export async function confirmSubscription(db: Kysely<Database>, secret: string | undefined): Promise<boolean> {
  const hash = confirmationHash(secret);
  if (hash === null) return false;
  const confirmed = await db
    .updateTable('newsletter_subscribers')
    .set({
      status: 'confirmed',
      confirmed_at: new Date(),
      unsubscribed_at: null,
      confirmation_token_hash: null,
      confirmation_expires_at: null,
      updated_at: new Date(),
      user_id: sql<number | null>`coalesce(newsletter_subscribers.user_id, (
        select users.id from users
        where users.email = newsletter_subscribers.email
          and not exists (select 1 from newsletter_subscribers other where other.user_id = users.id)))`,
    })
    .where('confirmation_token_hash', '=', hash)
    .where('status', '=', 'pending')
    .where('confirmation_expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return confirmed !== undefined;
}

/** Takes a subscriber off the list (and spends any pending link): one-click, the page's button, the settings switch. */
export async function unsubscribe(db: Kysely<Database>, subscriberId: number): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({
      status: 'unsubscribed',
      unsubscribed_at: new Date(),
      confirmation_token_hash: null,
      confirmation_expires_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', subscriberId)
    .execute();
}

/**
 * A user's "News and offers" e-mail switch (decision 037), in its transaction. On: their address is
 * on the list at once (the switch is refused until the address is verified). Off: it leaves it.
 */
export async function setUserSubscription(db: Kysely<Database>, userId: number, enabled: boolean): Promise<void> {
  const user = await db.selectFrom('users').select(['email', 'locale']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const email = user.email.toLowerCase();
  if (!enabled) {
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
      .execute();
    for (const row of rows) await unsubscribe(db, row.id);
    return;
  }
  const confirmed = {
    status: 'confirmed' as const,
    confirmed_at: new Date(),
    unsubscribed_at: null,
    confirmation_token_hash: null,
    confirmation_expires_at: null,
    updated_at: new Date(),
  };
  const linked = await db
    .updateTable('newsletter_subscribers')
    .set(confirmed)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (linked) return;
  await db
    .insertInto('newsletter_subscribers')
    .values({ email, locale: user.locale === 'ar' ? 'ar' : 'en', user_id: userId, ...confirmed })
    .onConflict((conflict) => conflict.column('email').doUpdateSet({ ...confirmed, user_id: userId }))
    .execute();
}
