import { sql } from 'kysely';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { ListingsService } from './listings-service';

/**
 * A deleted account's listings: its drafts go for good, photos and all, as a seller's own deletion
 * of a draft does (an unfinished draft cannot be "removed": the database refuses a listing that
 * left the draft state incomplete); every other listing is removed, with its history row, the
 * people who saved it hear of it as of any other removal, and its open pages refetch it.
 */
export async function removeListingsOf(
  unit: UnitOfWork,
  listings: Pick<ListingsService, 'deleteFiles'>,
  userId: number,
  at: Date,
): Promise<void> {
  const own = await unit.db
    .selectFrom('listings')
    .select(['id', 'title', 'price_fils', 'status'])
    .where('seller_id', '=', userId)
    .where('status', '!=', 'removed')
    .forUpdate()
    .execute();
  const drafts = own.filter((listing) => listing.status === 'draft').map((listing) => listing.id);
  if (drafts.length > 0) {
    const photos = await unit.db.selectFrom('listing_photos').select('key').where('listing_id', 'in', drafts).execute();
    await unit.db.deleteFrom('listings').where('id', 'in', drafts).execute();
    unit.afterCommit(() => listings.deleteFiles(photos.map((photo) => photo.key)));
  }
  const removed = own.filter((listing) => listing.status !== 'draft');
  if (removed.length === 0) return;
  await unit.db
    .updateTable('listings')
    .set({ status: 'removed', ended_at: sql<Date>`coalesce(ended_at, now())` })
    .where(
      'id',
      'in',
      removed.map((listing) => listing.id),
    )
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
    await unit.emit('listing.changed', {
      listingId: listing.id,
      sellerId: userId,
      title: listing.title ?? '',
      before: { status: before, price_fils: listing.price_fils },
      after: { status: 'removed', price_fils: listing.price_fils },
      at,
    });
    await unit.emit('listing.updated', { listingId: listing.id });
  }
}
