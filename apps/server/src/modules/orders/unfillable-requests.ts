import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** At most this many requests found at once; the clock's next minute takes the rest. */
const BATCH = 500;

/**
 * Requests that what is left of their listing looks unable to fill (decision 028): a first sift, in
 * SQL, of unitsLeft and cannotBeFilled in order-machine.ts, which decide under the locks. On one
 * listing after an Accept, or on any (the clock's sweep), oldest first.
 */
export async function unfillableRequests(
  db: Kysely<Database>,
  { listingId, limit = BATCH }: { listingId?: number; limit?: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .select('orders.id')
    .where('orders.status', '=', 'requested')
    .$if(listingId !== undefined, (query) => query.where('orders.listing_id', '=', listingId ?? 0))
    .where((eb) =>
      eb.or([
        eb('listings.status', '=', 'sold'),
        eb.and([
          eb('listings.status', 'in', ['active', 'reserved']),
          eb('orders.quantity', '>', sql<number>`listings.quantity - listings.reserved`),
        ]),
      ]),
    )
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
