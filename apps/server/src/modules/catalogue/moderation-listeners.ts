import type { ListingEventType, ListingStatus } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { CategoriesRepository } from './categories-repository';

/**
 * The state a listing moderation removed goes back to: the one it had, but an active or paused
 * listing whose time ran out meanwhile is expired (the clock would have ended it), and a reserved
 * one is paused: its orders were cancelled with the removal, so its seller decides when it is on
 * sale again. Sold and expired stay so, and one whose last units sold meanwhile (an order handed
 * over before the removal completes) is sold.
 */
export function restoredStatus(
  before: string | null,
  { expiresAt, quantity }: { expiresAt: Date | null; quantity: number },
  now: Date,
): ListingStatus {
  if (before === 'sold' || quantity === 0) return 'sold';
  if (before === 'expired') return before;
  if (before !== 'active' && before !== 'paused' && before !== 'reserved') return 'paused';
  if (expiresAt !== null && expiresAt <= now) return 'expired';
  return before === 'reserved' ? 'paused' : before;
}

/** The history row a restored listing gets: the event of the state it is back in. */
const RESTORED_EVENTS: Readonly<Record<string, ListingEventType>> = {
  active: 'resumed',
  paused: 'paused',
  sold: 'sold',
  expired: 'expired',
};

/**
 * What moderation decides that is the catalogue's to do (modules/moderation's events, in the
 * action's transaction): a listing removed or restored, a suspended seller's listings hidden and
 * shown again, and the open reports of a listing closed. A removal is nobody's act in the listing's
 * history: the seller is told by moderation's notice, never who acted.
 */
export function followModeration(app: FastifyInstance, categories: CategoriesRepository): void {
  app.events.on('moderation.reports-resolved', 'in-transaction', async ({ type, reportIds, outcome, by, at }, unit) => {
    if (type !== 'listing' || reportIds.length === 0) return;
    await unit.db
      .updateTable('listing_reports')
      .set({ resolved_at: at, resolved_by: by, outcome })
      .where('id', 'in', [...reportIds])
      .where('resolved_at', 'is', null)
      .execute();
  });

  app.events.on('moderation.listing-removed', 'in-transaction', async ({ listingId, reason, at }, unit) => {
    const row = await lockListing(unit, listingId);
    await unit.db
      .updateTable('listings')
      .set({
        status: 'removed',
        moderated_at: at,
        moderation_reason: reason,
        status_before_removal: row.status,
        ended_at: sql<Date>`coalesce(ended_at, ${at})`,
        updated_at: at,
      })
      .where('id', '=', listingId)
      .execute();
    await changed(unit, row, 'removed', 'removed', at);
  });

  app.events.on('moderation.listing-restored', 'in-transaction', async ({ listingId, at }, unit) => {
    const row = await lockListing(unit, listingId);
    const status = restoredStatus(row.status_before_removal, { expiresAt: row.expires_at, quantity: row.quantity }, at);
    const live = status === 'active' || status === 'paused';
    await unit.db
      .updateTable('listings')
      .set({
        status,
        moderated_at: null,
        moderation_reason: null,
        status_before_removal: null,
        ...(live && { ended_at: null }),
        ...(status === 'expired' && { ended_at: sql<Date>`coalesce(expires_at, ended_at, ${at})` }),
        ...(status === 'sold' && { ended_at: sql<Date>`coalesce(ended_at, ${at})` }),
        updated_at: at,
      })
      .where('id', '=', listingId)
      .execute();
    await changed(unit, row, status, RESTORED_EVENTS[status] ?? 'resumed', at);
  });

  // A suspended seller's listings leave every public list and page while it lasts (hidden_at).
  app.events.on('moderation.user-suspended', 'in-transaction', async ({ userId, at }, unit) => {
    await unit.db
      .updateTable('listings')
      .set({ hidden_at: at })
      .where('seller_id', '=', userId)
      .where('hidden_at', 'is', null)
      .execute();
    unit.afterCommit(() => Promise.resolve(categories.invalidate()));
  });
  app.events.on('moderation.suspension-lifted', 'in-transaction', async ({ userId }, unit) => {
    await unit.db
      .updateTable('listings')
      .set({ hidden_at: null })
      .where('seller_id', '=', userId)
      .where('hidden_at', 'is not', null)
      .execute();
    unit.afterCommit(() => Promise.resolve(categories.invalidate()));
  });
}

function lockListing(unit: UnitOfWork, id: number) {
  return unit.db
    .selectFrom('listings')
    .select(['id', 'seller_id', 'title', 'status', 'price_fils', 'quantity', 'expires_at', 'status_before_removal'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The change in the listing's history (nobody's act), told to its listeners: favourites' alerts, its open pages. */
async function changed(
  unit: UnitOfWork,
  row: { id: number; seller_id: number; title: string | null; status: ListingStatus; price_fils: number | null },
  status: ListingStatus,
  type: ListingEventType,
  at: Date,
): Promise<void> {
  await unit.db
    .insertInto('listing_events')
    .values({
      listing_id: row.id,
      actor_id: null,
      type,
      changes: JSON.stringify({ status: { from: row.status, to: status } }),
      created_at: at,
    })
    .execute();
  await unit.emit('listing.changed', {
    listingId: row.id,
    sellerId: row.seller_id,
    title: row.title ?? '',
    before: { status: row.status, price_fils: row.price_fils },
    after: { status, price_fils: row.price_fils },
    at,
  });
  await unit.emit('listing.updated', { listingId: row.id });
}
