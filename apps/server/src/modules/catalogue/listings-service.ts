import type { Listing, ListingChanges, Locale, User } from '@marketplace/contracts';
import { actOnListing } from './act-on-listing';
import { createDraft } from './create-draft';
import { deleteListing, deleteListingFiles } from './delete-listing';
import type { SellerTransition } from './listing-lifecycle';
import type { ListingsContext, ListingsServiceOptions } from './listings-context';
import { ListingsRepository } from './listings-repository';
import { updateListing } from './update-listing';
import { viewListing } from './view-listing';

export type { ListingsServiceOptions } from './listings-context';

/**
 * The catalogue's rules: who may change a listing, when, and into what (docs/product/marketplace.md).
 * Each method is a use case in a file of its own; a change runs as a unit of work and tells the
 * catalogue's listeners with `listing.changed` (docs/decisions/029).
 */
export class ListingsService {
  readonly listings: ListingsRepository;
  private readonly context: ListingsContext;

  constructor(options: ListingsServiceOptions) {
    this.listings = new ListingsRepository(options.db);
    this.context = {
      ...options,
      listings: this.listings,
      rules: { categories: options.categories, listings: this.listings },
    };
  }

  /** create-draft.ts */
  createDraft(seller: User, categoryId: number | null): Promise<number> {
    return createDraft(this.context, seller, categoryId);
  }

  /** update-listing.ts */
  update(seller: User, id: number, changes: ListingChanges): Promise<void> {
    return updateListing(this.context, seller, id, changes);
  }

  /** act-on-listing.ts */
  act(seller: User, id: number, transition: SellerTransition, now = new Date()): Promise<void> {
    return actOnListing(this.context, seller, id, transition, now);
  }

  /** delete-listing.ts */
  delete(seller: User, id: number): Promise<void> {
    return deleteListing(this.context, seller, id);
  }

  /** Removes stored photo files (a deleted draft's, an abandoned draft's); failures are logged. */
  deleteFiles(photoKeys: readonly string[]): Promise<void> {
    return deleteListingFiles(this.context, photoKeys);
  }

  /** view-listing.ts */
  view(id: number, viewer: User | null, locale: Locale, now = new Date()): Promise<Listing | undefined> {
    return viewListing(this.context, id, viewer, locale, now);
  }
}
