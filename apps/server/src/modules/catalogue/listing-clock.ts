import { LISTING_LIMITS } from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NotificationEvent, Notified } from '../notifications';
import type { ListingPhotosService } from './listing-photos-service';

/** The seller's own listings page, where a reminder or an expiry notification leads. */
const OWN_LISTINGS_PATH = '/account/items';

/** What the clock tells sellers through (the notifications module; absent, it only logs). */
export interface ClockNotifications {
  notify(trx: Kysely<Database>, event: NotificationEvent): Promise<Notified>;
  announce(results: readonly Notified[]): Promise<void>;
}

/** Drafts nobody touched for this long are deleted with their photos (My listings says so). */
export const DRAFT_KEPT_DAYS = 30;

export interface ClockResult {
  expired: number[];
  reminded: number[];
  draftsDeleted: number;
  uploadsSwept: number;
}

/**
 * What time does to listings, run every minute by the server and with any `now` by the tests: live
 * and paused listings past their end expire; live ones within LISTING_LIMITS.reminderDays of it get
 * their one reminder (a history event and a notification to the seller); untouched drafts
 * and abandoned uploads go. Each step is one statement (with the notifications it causes, in one
 * transaction), so two servers running it at once do each thing once.
 */
export async function runListingClock(
  db: Kysely<Database>,
  photos: ListingPhotosService,
  log: FastifyBaseLogger,
  now = new Date(),
  notifications?: ClockNotifications,
): Promise<ClockResult> {
  const notified: Notified[] = [];
  const tell = async (trx: Kysely<Database>, event: NotificationEvent) => {
    if (notifications) notified.push(await notifications.notify(trx, event));
  };

  // Each change and the notifications it causes commit together (decision 019).
  const expired = await db.transaction().execute(async (trx) => {
    const changed = await sql<{ id: number; previous: string; seller_id: number; title: string }>`
    with due as (
      select id, status from listings
      where status in ('active', 'paused') and expires_at <= ${now}
      for update skip locked
    ), changed as (
      update listings set status = 'expired', ended_at = ${now}, updated_at = ${now}
      from due where listings.id = due.id
      returning listings.id, due.status as previous, listings.seller_id, coalesce(listings.title, '') as title
    ), recorded as (
      insert into listing_events (listing_id, actor_id, type, changes, created_at)
      select id, null, 'expired', jsonb_build_object('status', jsonb_build_object('from', previous, 'to', 'expired')), ${now}
      from changed
    )
    select id, previous, seller_id, title from changed`.execute(trx);
    for (const listing of changed.rows) {
      await tell(trx, {
        userId: listing.seller_id,
        category: 'listings',
        type: 'listing.expired',
        data: { listing_id: listing.id, title: listing.title },
        path: OWN_LISTINGS_PATH,
        key: `listing.expired:${listing.id}:${now.toISOString()}`,
      });
    }
    return changed;
  });

  const reminded = await db.transaction().execute(async (trx) => {
    const due = await sql<{ id: number; seller_id: number; expires_at: Date; title: string }>`
    with due as (
      update listings set reminded_at = ${now}
      where status = 'active' and reminded_at is null
        and expires_at > ${now} and expires_at <= ${now}::timestamptz + make_interval(days => ${LISTING_LIMITS.reminderDays})
      returning id, seller_id, expires_at, coalesce(title, '') as title
    ), recorded as (
      insert into listing_events (listing_id, actor_id, type, changes, created_at)
      select id, null, 'reminded', jsonb_build_object('expires_at', jsonb_build_object('from', null, 'to', expires_at)), ${now}
      from due
    )
    select id, seller_id, expires_at, title from due`.execute(trx);
    for (const listing of due.rows) {
      log.info(
        { listing: listing.id, seller: listing.seller_id, expires_at: listing.expires_at },
        'listing expires soon: reminder due',
      );
      await tell(trx, {
        userId: listing.seller_id,
        category: 'listings',
        type: 'listing.expiring',
        data: { listing_id: listing.id, title: listing.title, expires: listing.expires_at.getTime() },
        path: OWN_LISTINGS_PATH,
        key: `listing.expiring:${listing.id}:${listing.expires_at.toISOString()}`,
      });
    }
    return due;
  });
  await notifications?.announce(notified);

  const stale = await db
    .deleteFrom('listings')
    .where('status', '=', 'draft')
    .where('updated_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${DRAFT_KEPT_DAYS})`)
    .returning((eb) => [
      'id',
      eb
        .selectFrom('listing_photos')
        .select(sql<string[]>`coalesce(array_agg(key), '{}')`.as('keys'))
        .whereRef('listing_photos.listing_id', '=', 'listings.id')
        .as('keys'),
    ])
    .execute();
  await photos.removeFiles(stale.flatMap((draft) => draft.keys ?? []));
  const uploadsSwept = await photos.sweepAbandonedUploads(now);

  return {
    expired: expired.rows.map((row) => row.id),
    reminded: reminded.rows.map((row) => row.id),
    draftsDeleted: stale.length,
    uploadsSwept,
  };
}
