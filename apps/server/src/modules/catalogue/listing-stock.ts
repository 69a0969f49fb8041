import type { ListingStatus } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';

/** A listing's row as an order's step reads it, locked in that step's transaction. */
export interface StockRow {
  id: number;
  seller_id: number;
  title: string | null;
  status: ListingStatus;
  price_fils: number | null;
  quantity: number;
  reserved: number;
}

/** Whose order moves the stock: the buyer is told of it as the order's step, not as a saved listing's news. */
export interface StockMove {
  quantity: number;
  buyerId: number;
  /** Who took the step, or null for the clock. */
  actorId: number | null;
  now: Date;
}

/**
 * The listing's row, locked: for update when the stock moves, shared while requests of one listing
 * lapse side by side (they wait only for an Accept). Taken before the order's row, as a moderator's
 * removal takes the listing and then its open orders: nobody waits for another in a circle.
 */
export function lockStock(trx: Kysely<Database>, id: number, lock: 'update' | 'share' = 'update'): Promise<StockRow> {
  const query = trx
    .selectFrom('listings')
    .select(['id', 'seller_id', 'title', 'status', 'price_fils', 'quantity', 'reserved'])
    .where('id', '=', id);
  return (lock === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirstOrThrow();
}

/**
 * An accepted order holds its units; the last ones reserve the listing. The database refuses an
 * oversell whatever happens; stock that cannot fill the order was refused before.
 */
export async function reserveUnits(unit: UnitOfWork, listing: StockRow, move: StockMove): Promise<void> {
  const reserved = listing.reserved + move.quantity;
  const status = reserved === listing.quantity ? 'reserved' : listing.status;
  await unit.db
    .updateTable('listings')
    .set({ reserved, status, updated_at: move.now })
    .where('id', '=', listing.id)
    .execute();
  await stockChanged(unit, listing, status, 'reserved', move);
}

/** A cancelled order gives its units back; a listing reserved by them is live again. */
export async function releaseUnits(unit: UnitOfWork, listing: StockRow, move: StockMove): Promise<void> {
  const reserved = Math.max(0, listing.reserved - move.quantity);
  const status = listing.status === 'reserved' ? 'active' : listing.status;
  await unit.db
    .updateTable('listings')
    .set({ reserved, status, updated_at: move.now })
    .where('id', '=', listing.id)
    .execute();
  await stockChanged(unit, listing, status, 'released', move);
}

/** A completed order sells the units it held: with none left, the listing is sold. */
export async function sellUnits(unit: UnitOfWork, listing: StockRow, move: StockMove): Promise<void> {
  const quantity = listing.quantity - move.quantity;
  const reserved = Math.max(0, listing.reserved - move.quantity);
  const soldOut = quantity === 0 && listing.status !== 'removed';
  await unit.db
    .updateTable('listings')
    .set({ quantity, reserved, updated_at: move.now, ...(soldOut && { status: 'sold' as const, ended_at: move.now }) })
    .where('id', '=', listing.id)
    .execute();
  // The clock completes an order: the sale is nobody's act.
  await stockChanged(unit, listing, soldOut ? 'sold' : listing.status, 'sold', { ...move, actorId: null });
}

/**
 * The stock moved: the listing's pages refetch it; a new state goes into its history and is told
 * to the catalogue's listeners (favourites' alerts), as any other change but to the order's buyer.
 */
async function stockChanged(
  unit: UnitOfWork,
  listing: StockRow,
  status: ListingStatus,
  type: 'reserved' | 'released' | 'sold',
  move: StockMove,
): Promise<void> {
  if (status !== listing.status) {
    await unit.db
      .insertInto('listing_events')
      .values({
        listing_id: listing.id,
        actor_id: move.actorId,
        type,
        changes: JSON.stringify({ status: { from: listing.status, to: status } }),
        created_at: move.now,
      })
      .execute();
    await unit.emit('listing.changed', {
      listingId: listing.id,
      sellerId: listing.seller_id,
      // Only a published listing can be ordered, and publishing needs a title.
      title: listing.title ?? '',
      before: { status: listing.status, price_fils: listing.price_fils },
      after: { status, price_fils: listing.price_fils },
      at: move.now,
      actorIds: [move.buyerId],
    });
  }
  await unit.emit('listing.updated', { listingId: listing.id });
}
