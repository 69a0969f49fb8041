import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Notified } from '../notifications';
import { newMatches } from './saved-search-matches';
import type { SavedSearchRow } from './saved-searches-repository';

const DAY_MS = 24 * 3600 * 1000;
/** Searches looked at per run; the next minute takes the rest. */
const BATCH = 200;

export interface SavedSearchAlertsResult {
  /** Notifications written: one per search and seller (instant), one per search (daily). */
  alerts: number;
}

/** Where an alert leads: the search itself, when its address fits a notification's. */
const searchPath = (query: string) => (query === '' ? '/search' : `/search?${query}`);

/**
 * New matches of saved searches, run every minute by the server and with any `now` by the tests
 * (one user's searches only, when `userId` is given: the test hook's, so tests side by side keep apart).
 * Instant searches hear of listings published since they last looked, one alert per seller (ten
 * listings of one seller make one alert); daily ones get one digest when theirs is due. Each
 * search is claimed with `for update skip locked` in its own transaction, and its timers move in
 * that transaction with the notifications: two processes never alert the same thing twice, and a
 * restart picks up where the database says.
 */
export async function runSavedSearchAlerts(
  app: FastifyInstance,
  now = new Date(),
  { userId }: { userId?: number } = {},
): Promise<SavedSearchAlertsResult> {
  const due = await app.db
    .selectFrom('saved_searches')
    .select('id')
    .$if(userId !== undefined, (query) => query.where('user_id', '=', userId ?? 0))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('alerts', '=', 'instant'),
          eb.exists(
            eb
              .selectFrom('listings')
              .select(sql`1`.as('one'))
              .where('status', '=', 'active')
              .where('hidden_at', 'is', null)
              .whereRef('published_at', '>', 'saved_searches.checked_at')
              .where('published_at', '<=', now),
          ),
        ]),
        eb.and([eb('alerts', '=', 'daily'), eb('next_digest_at', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let alerts = 0;
  for (const { id } of due) alerts += await alertOne(app, id, now);
  return { alerts };
}

async function alertOne(app: FastifyInstance, id: number, now: Date): Promise<number> {
  const notified: Notified[] = [];
  await app.db.transaction().execute(async (trx) => {
    const search = (await trx
      .selectFrom('saved_searches')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst()) as SavedSearchRow | undefined;
    // Another process holds it, or it changed since it was found due.
    if (!search || search.alerts === 'off') return;
    const daily = search.alerts === 'daily';
    if (daily && (search.next_digest_at === null || search.next_digest_at > now)) return;
    const matches = (await newMatches(app, search.query, search.checked_at, search.user_id)).filter(
      (card) => card.published_at !== null && new Date(card.published_at) <= now,
    );
    const ids = matches.map((card) => card.id).filter((listingId) => listingId > 0);
    const sellers =
      ids.length === 0
        ? []
        : await trx
            .selectFrom('listings')
            .select(['seller_id', sql<number>`count(*)::int`.as('count')])
            .where('id', 'in', ids)
            .where('seller_id', '!=', search.user_id)
            .groupBy('seller_id')
            .orderBy('seller_id')
            .execute();
    const base = { userId: search.user_id, category: 'saved' as const, path: searchPath(search.query) };
    if (daily) {
      const count = sellers.reduce((sum, seller) => sum + seller.count, 0);
      if (count > 0) {
        notified.push(
          await app.notifications.notify(trx, {
            ...base,
            type: 'savedSearch.digest',
            data: { search_id: search.id, name: search.name, count },
            key: `savedSearch.digest:${search.id}:${now.toISOString()}`,
          }),
        );
      }
    } else {
      for (const seller of sellers) {
        notified.push(
          await app.notifications.notify(trx, {
            ...base,
            type: 'savedSearch.matches',
            data: { search_id: search.id, name: search.name, count: seller.count },
            key: `savedSearch.matches:${search.id}:${seller.seller_id}:${now.toISOString()}`,
          }),
        );
      }
    }
    const nextDigest = search.next_digest_at
      ? new Date(Math.max(search.next_digest_at.getTime() + DAY_MS, now.getTime() + 60_000))
      : null;
    await trx
      .updateTable('saved_searches')
      .set({ checked_at: now, ...(daily && { next_digest_at: nextDigest }) })
      .where('id', '=', id)
      .execute();
  });
  await app.notifications.announce(notified);
  return notified.length;
}
