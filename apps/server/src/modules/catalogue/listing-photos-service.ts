import {
  API_MESSAGES,
  LISTING_STATUS_NAMES,
  encodeMessage,
  LISTING_LIMITS,
  message,
  type ListingPhoto,
  type User,
} from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import type { MediaStorage } from '../../plugins/storage';
import { ValidationError } from '../../plugins/validation';
import { EDITABLE } from './listing-lifecycle';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PhotoStore, preparePhoto, toListingPhoto } from '../media';
import { ListingsRepository } from './listings-repository';

export interface ListingPhotosOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

const photos = message('listing.field.photos');
export const PHOTO_MESSAGES = {
  notAnImage: encodeMessage(message('rule.image', { field: photos })),
  unreadable: encodeMessage(message('profile.imageUnreadable')),
  tooManyPixels: encodeMessage(message('profile.imageTooManyPixels', { megapixels: PHOTO_MAX_PIXELS / 1_000_000 })),
  tooLarge: encodeMessage(message('rule.size', { field: photos, size: PHOTO_MAX_BYTES / 1024 })),
  tooMany: encodeMessage(message('listing.photosTooMany', { max: LISTING_LIMITS.photosMax })),
} as const;

/**
 * A listing's photos: each upload is checked and stored in every size before its row is written
 * (PhotoStore journals it meanwhile, so a crash between the two leaves nothing the sweep misses).
 */
export class ListingPhotosService {
  private readonly listings: ListingsRepository;
  private readonly store: PhotoStore;

  constructor(private readonly options: ListingPhotosOptions) {
    this.listings = new ListingsRepository(options.db);
    this.store = new PhotoStore(options);
  }

  private async editableListing(db: Kysely<Database>, seller: User, listingId: number, forUpdate: boolean) {
    const row = await this.listings.findRow(listingId, db, { forUpdate });
    if (!row || row.seller_id !== seller.id || row.status === 'removed') {
      throw new HttpError(404, message(API_MESSAGES.notFound));
    }
    if (!EDITABLE.includes(row.status)) {
      throw new HttpError(409, message('listing.notEditable', { status: message(LISTING_STATUS_NAMES[row.status]) }));
    }
    return row;
  }

  async add(seller: User, listingId: number, bytes: Buffer): Promise<ListingPhoto> {
    await this.editableListing(this.options.db, seller, listingId, false);
    if ((await this.listings.photos(listingId)).length >= LISTING_LIMITS.photosMax) {
      throw ValidationError.forField('photos', PHOTO_MESSAGES.tooMany);
    }
    const prepared = await preparePhoto(bytes);
    if (!prepared.ok) throw ValidationError.forField('photos', PHOTO_MESSAGES[prepared.problem]);
    const row = await this.store.store('photos', prepared.photo, (key, settled) =>
      this.options.db.transaction().execute(async (trx) => {
        const listing = await this.editableListing(trx, seller, listingId, true);
        const count = (await this.listings.photos(listingId, trx)).length;
        if (count >= LISTING_LIMITS.photosMax) throw ValidationError.forField('photos', PHOTO_MESSAGES.tooMany);
        const inserted = await trx
          .insertInto('listing_photos')
          .values({
            listing_id: listingId,
            key,
            position: count,
            width: prepared.photo.width,
            height: prepared.photo.height,
            placeholder: prepared.photo.placeholder,
          })
          .returning(['id', 'key', 'width', 'height', 'placeholder'])
          .executeTakeFirstOrThrow();
        await settled(trx);
        await this.touched(trx, seller, listing.id, listing.status !== 'draft', {
          photos: { from: count, to: count + 1 },
        });
        return inserted;
      }),
    );
    return toListingPhoto(row);
  }

  async remove(seller: User, listingId: number, photoId: number): Promise<void> {
    const key = await this.options.db.transaction().execute(async (trx) => {
      const listing = await this.editableListing(trx, seller, listingId, true);
      const all = await this.listings.photos(listingId, trx);
      const photo = all.find((candidate) => candidate.id === photoId);
      if (!photo) throw new HttpError(404, message(API_MESSAGES.notFound));
      if (listing.status !== 'draft' && all.length === 1) {
        throw new HttpError(409, message('listing.lastPhoto'));
      }
      await trx.deleteFrom('listing_photos').where('id', '=', photoId).execute();
      await this.renumber(
        trx,
        all.filter((candidate) => candidate.id !== photoId).map((candidate) => candidate.id),
      );
      await this.touched(trx, seller, listingId, listing.status !== 'draft', {
        photos: { from: all.length, to: all.length - 1 },
      });
      return photo.key;
    });
    await this.removeFiles([key]);
  }

  /** Puts the photos in the order given; the first is the cover. The list must name each of them once. */
  async reorder(seller: User, listingId: number, photoIds: readonly number[]): Promise<void> {
    await this.options.db.transaction().execute(async (trx) => {
      const listing = await this.editableListing(trx, seller, listingId, true);
      const current = (await this.listings.photos(listingId, trx)).map((photo) => photo.id);
      const same = current.length === photoIds.length && [...current].sort().join() === [...photoIds].sort().join();
      if (!same) throw ValidationError.forField('photo_ids', encodeMessage(message('listing.photoOrderMismatch')));
      if (current.join() === photoIds.join()) return;
      await this.renumber(trx, photoIds);
      await this.touched(trx, seller, listingId, listing.status !== 'draft', {
        photo_order: { from: current, to: photoIds },
      });
    });
  }

  /** Positions 0..n-1 in this order; the unique (listing, position) constraint is checked at commit. */
  private async renumber(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await trx.updateTable('listing_photos').set({ position }).where('id', '=', id).execute();
    }
  }

  private async touched(
    trx: Kysely<Database>,
    seller: User,
    listingId: number,
    recorded: boolean,
    changes: Record<string, { from: unknown; to: unknown }>,
  ): Promise<void> {
    await trx.updateTable('listings').set({ updated_at: new Date() }).where('id', '=', listingId).execute();
    if (!recorded) return;
    await this.listings.recordEvent(trx, { listingId, actorId: seller.id, type: 'photos_changed', changes });
  }

  removeFiles(keys: readonly string[]): Promise<void> {
    return this.store.remove('photos', keys);
  }

  /** Removes the files of uploads that never got their row (a crash mid-upload): listings' and chat's. */
  sweepAbandonedUploads(now = new Date()): Promise<number> {
    return this.store.sweepAbandonedUploads(now);
  }
}
