import type { ListingStatus, PricePeriod } from '@marketplace/contracts';

/** A listing's price or state as a change left it, before and after. */
export interface ListingChange {
  listingId: number;
  sellerId: number;
  title: string;
  before: { status: ListingStatus; price_fils: number | null };
  /** `price_period`: a rent's, which its prices are per (given where a price changes). */
  after: { status: ListingStatus; price_fils: number | null; price_period?: PricePeriod | null };
  at: Date;
  /** Besides the seller, whose own act the change is (an order's buyer): nobody is told of their own act. */
  actorIds?: readonly number[];
}

/** The catalogue's domain events (docs/decisions/029). */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    /**
     * A published listing's price or state changed: by its seller, by an order (reserved, live
     * again, sold), or by its account's deletion. Favourites' alerts listen in the transaction.
     */
    'listing.changed': ListingChange;
    /** A listing's stock, state or page changed: its open pages refetch it, the category counts are redrawn. */
    'listing.updated': { listingId: number };
    /** Someone reported a listing (listing_reports): the staff's moderation queue changes. */
    'listing.reported': { listingId: number };
    /** Staff edited a category (names, place, labels): every process's tree must be read again. */
    'category.changed': { categoryId: number };
  }
}
