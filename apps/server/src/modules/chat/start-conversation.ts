import { encodeMessage, message, type User } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../plugins/validation';
import { blockBetween } from '../blocks';
import { conflict } from './participants';

/** Listings one may still ask about: those on sale, or reserved by someone who may not buy after all. */
const OPEN_TO_QUESTIONS = ['active', 'reserved'] as const;

/** The buyer's conversation about a listing, started if it did not exist (`created`). */
export async function startConversation(
  db: Kysely<Database>,
  buyer: User,
  listingId: number,
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('conversations')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('buyer_id', '=', buyer.id)
    .executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const listing = await db
    .selectFrom('listings')
    .select(['id', 'seller_id', 'status', 'hidden_at'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  // A suspended seller's listing is hidden (issue 29): nobody starts a conversation about it meanwhile.
  if (!listing || !(OPEN_TO_QUESTIONS as readonly string[]).includes(listing.status) || listing.hidden_at !== null) {
    throw ValidationError.forField('listing_id', encodeMessage(message('chat.listingUnavailable')));
  }
  if (listing.seller_id === buyer.id) throw conflict('chat.ownListing');
  const block = await blockBetween(db, buyer.id, listing.seller_id);
  if (block === 'i-blocked') throw conflict('chat.youBlocked');
  if (block === 'blocked-me') throw conflict('chat.blockedYou');
  const inserted = await db
    .insertInto('conversations')
    .values({ listing_id: listing.id, buyer_id: buyer.id, seller_id: listing.seller_id })
    .onConflict((oc) => oc.columns(['listing_id', 'buyer_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  // Another tab started it at the same moment: that one is this one.
  const raced = await db
    .selectFrom('conversations')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('buyer_id', '=', buyer.id)
    .executeTakeFirstOrThrow();
  return { id: raced.id, created: false };
}
