import { LISTING_LIMITS } from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListingPhotosService } from './listing-photos-service';

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
 * their one reminder (a history event and a log line until notifications exist); untouched drafts
 * and abandoned uploads go. Each step is one statement, so two servers running it at once do each
 * thing once.
 */
export async function runListingClock(
  db: Kysely<Database>,
  photos: ListingPhotosService,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<ClockResult> {
  const expired = await sql<{ id: number; previous: string }>`
    with due as (
      select id, status from listings
      where status in ('active', 'paused') and expires_at <= ${now}
      for update skip locked
    ), changed as (
      update listings set status = 'expired', ended_at = ${now}, updated_at = ${now}
      from due where listings.id = due.id
      returning listings.id, due.status as previous
    ), recorded as (
      insert into listing_events (listing_id, actor_id, type, changes, created_at)
      select id, null, 'expired', jsonb_build_object('status', jsonb_build_object('from', previous, 'to', 'expired')), ${now}
      from changed
    )
    select id, previous from changed`.execute(db);

  const reminded = await sql<{ id: number; seller_id: number; expires_at: Date }>`
    with due as (
      update listings set reminded_at = ${now}
      where status = 'active' and reminded_at is null
        and expires_at > ${now} and expires_at <= ${now}::timestamptz + make_interval(days => ${LISTING_LIMITS.reminderDays})
      returning id, seller_id, expires_at
    ), recorded as (
      insert into listing_events (listing_id, actor_id, type, changes, created_at)
      select id, null, 'reminded', jsonb_build_object('expires_at', jsonb_build_object('from', null, 'to', expires_at)), ${now}
      from due
    )
    select id, seller_id, expires_at from due`.execute(db);
  for (const listing of reminded.rows) {
    log.info(
      { listing: listing.id, seller: listing.seller_id, expires_at: listing.expires_at },
      'listing expires soon: reminder due',
    );
  }

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
