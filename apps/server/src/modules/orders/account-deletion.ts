import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A deleted account's delivery addresses, given in its orders as buyer, are erased (decision 026). */
export async function forgetDeliveryAddresses(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.updateTable('orders').set({ delivery_address: null }).where('buyer_id', '=', userId).execute();
}
