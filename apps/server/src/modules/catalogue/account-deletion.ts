import { sql } from 'kysely';
import type { UnitOfWork } from '../../events/unit-of-work';

/**
 * A deleted account's listings are removed, each with its history row; the people who saved one
 * hear of it as of any other removal, and its open pages refetch it.
 */
export async function removeListingsOf(unit: UnitOfWork, userId: number, at: Date): Promise<void> {
  const removed = await unit.db
    .selectFrom('listings')
    .select(['id', 'title', 'price_fils', 'status'])
    .where('seller_id', '=', userId)
    .where('status', '!=', 'removed')
    .forUpdate()
    .execute();
  await unit.db
    .updateTable('listings')
    .set({ status: 'removed', ended_at: sql<Date>`coalesce(ended_at, now())` })
    .where('seller_id', '=', userId)
    .where('status', '!=', 'removed')
    .execute();
  for (const listing of removed) {
    const before = listing.status;
    await unit.db
      .insertInto('listing_events')
      .values({
        listing_id: listing.id,
        actor_id: userId,
        type: 'removed',
        changes: JSON.stringify({ status: { from: before, to: 'removed' } }),
        created_at: at,
      })
      .execute();
    if (before !== 'draft') {
      await unit.emit('listing.changed', {
        listingId: listing.id,
        sellerId: userId,
        title: listing.title ?? '',
        before: { status: before, price_fils: listing.price_fils },
        after: { status: 'removed', price_fils: listing.price_fils },
        at,
      });
    }
    await unit.emit('listing.updated', { listingId: listing.id });
  }
}
