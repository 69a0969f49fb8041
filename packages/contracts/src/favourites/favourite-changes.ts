import type { ListingStatus } from '../catalogue/listing-fields';

/** States in which a saved listing can no longer be bought: "ended" on the favourites page. */
export const UNAVAILABLE_STATUSES = ['paused', 'reserved', 'sold', 'expired', 'removed'] as const;
export type UnavailableStatus = (typeof UNAVAILABLE_STATUSES)[number];

/** What happened to a saved listing since it was saved, as the favourites page says it. */
export type FavouriteChange =
  { kind: 'price'; from: number; to: number } | { kind: 'ended'; status: UnavailableStatus } | { kind: 'back' };

export interface SavedAndNow {
  saved_price_fils: number | null;
  saved_status: ListingStatus;
  listing: { price_fils: number | null; status: ListingStatus };
}

const unavailable = (status: ListingStatus): status is UnavailableStatus =>
  (UNAVAILABLE_STATUSES as readonly string[]).includes(status);

/** The changes between a listing as it was saved and as it is now: price, then state. */
export function favouriteChanges({ saved_price_fils: savedPrice, saved_status: savedStatus, listing }: SavedAndNow) {
  const changes: FavouriteChange[] = [];
  if (savedPrice !== null && listing.price_fils !== null && savedPrice !== listing.price_fils) {
    changes.push({ kind: 'price', from: savedPrice, to: listing.price_fils });
  }
  if (listing.status !== savedStatus) {
    if (unavailable(listing.status)) changes.push({ kind: 'ended', status: listing.status });
    else if (listing.status === 'active') changes.push({ kind: 'back' });
  }
  return changes;
}
