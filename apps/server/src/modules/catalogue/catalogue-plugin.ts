import { realtimeChannels } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { removeListingsOf } from './account-deletion';
import { CategoriesRepository } from './categories-repository';
import { runListingClock, type ClockResult } from './listing-clock';
import { ListingPhotosService } from './listing-photos-service';
import { ListingReports } from './listing-reports';
import { ListingsService } from './listings-service';
import { followModeration } from './moderation-listeners';

export interface Catalogue {
  categories: CategoriesRepository;
  listings: ListingsService;
  photos: ListingPhotosService;
  reports: ListingReports;
  /** Expiry, reminders and clean-up up to `now` (listing-clock.ts). */
  tick(now?: Date): Promise<ClockResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: Catalogue;
  }
}

/** The catalogue's services, shared by its routes, the pages the server renders and the clock. */
export const catalogue = fp(
  (app: FastifyInstance) => {
    const categories = new CategoriesRepository(app.db);
    const listings = new ListingsService({
      db: app.db,
      storage: app.storage,
      categories,
      log: app.log,
      events: app.events,
    });
    // Real time speeds pages up; the API is the copy of record, so a failed push only makes them late.
    app.events.on('listing.updated', 'after-commit', async ({ listingId }) => {
      categories.invalidate();
      // Registered after the catalogue, and there by the time a listing first changes.
      await app.realtime.publish(realtimeChannels.listing(listingId), 'listing.updated', { listing_id: listingId });
    });
    // A category edited in the back-office: its new names and place show at once (this process).
    app.events.on('category.changed', 'after-commit', () => {
      categories.forget();
      return Promise.resolve();
    });
    const photos = new ListingPhotosService({ db: app.db, storage: app.storage, log: app.log });
    // A deleted account's listings are removed (decision 026).
    app.events.on('account.deleting', 'in-transaction', ({ userId, at }, unit) =>
      removeListingsOf(unit, listings, userId, at),
    );
    // Removals, restorations, a suspended seller's hidden listings, closed reports (issue 29).
    followModeration(app, categories);
    app.decorate('catalogue', {
      categories,
      listings,
      photos,
      reports: new ListingReports(app.db, app.log, app.events),
      async tick(now = new Date()) {
        // Registered after the catalogue, and there by the time the clock first runs.
        const notifications = app.hasDecorator('notifications') ? app.notifications : undefined;
        const result = await runListingClock(app.db, photos, app.log, now, notifications);
        if (result.expired.length > 0) categories.invalidate();
        return result;
      },
    });
    return Promise.resolve();
  },
  { name: 'catalogue', dependencies: ['storage', 'domain-events'] },
);
