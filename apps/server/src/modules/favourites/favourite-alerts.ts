import { listingSlug, pageLinks, type ListingStatus, type NotificationType } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListingChange } from '../catalogue';
import type { Notifications, Notified } from '../notifications';

/** States a listing "comes back" from when it is live again. */
const AWAY: readonly ListingStatus[] = ['paused', 'expired', 'sold', 'reserved'];

/** What a change means to the people who saved the listing, if anything worth telling. */
export function favouriteAlertOf({ before, after }: ListingChange): NotificationType | undefined {
  if (after.status === 'active' && AWAY.includes(before.status)) return 'favourite.back';
  if (after.status === 'sold' && before.status !== 'sold') return 'favourite.sold';
  if (after.status === 'reserved' && before.status !== 'reserved') return 'favourite.reserved';
  const dropped = before.price_fils !== null && after.price_fils !== null && after.price_fils < before.price_fils;
  if (after.status === 'active' && before.status === 'active' && dropped) return 'favourite.priceDropped';
  return undefined;
}

/**
 * Tells everyone who saved a listing that its price dropped, that it was sold or reserved, or that
 * it is back (category `saved`), inside the transaction that changed it (decision 019); the
 * notifications are announced once that has committed.
 */
export function favouriteAlerts(
  notifications: Pick<Notifications, 'notify' | 'announce'>,
): (trx: Kysely<Database>, change: ListingChange) => Promise<(() => Promise<void>) | undefined> {
  return async (trx, change) => {
    const type = favouriteAlertOf(change);
    if (!type) return undefined;
    const followers = await trx
      .selectFrom('favourites')
      .select('user_id')
      .where('listing_id', '=', change.listingId)
      // Nobody is told of their own act: not the seller, nor the buyer whose order it was.
      .where('user_id', 'not in', [change.sellerId, ...(change.actorIds ?? [])])
      .execute();
    if (followers.length === 0) return undefined;
    const notified: Notified[] = [];
    for (const { user_id: userId } of followers) {
      notified.push(
        await notifications.notify(trx, {
          userId,
          category: 'saved',
          type,
          data: {
            listing_id: change.listingId,
            title: change.title,
            // Dirhams, which the messages format as a price (`::currency/AED`).
            ...(type === 'favourite.priceDropped' && {
              from: (change.before.price_fils ?? 0) / 100,
              to: (change.after.price_fils ?? 0) / 100,
              // A rent's prices are per year or per month: the alert says so (issue 32).
              period: change.after.price_period ?? 'none',
            }),
          },
          path: pageLinks.listing(change.listingId, listingSlug(change.title)),
          key: `${type}:${change.listingId}:${change.at.toISOString()}`,
        }),
      );
    }
    return () => notifications.announce(notified);
  };
}
