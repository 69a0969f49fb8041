import {
  API_MESSAGES,
  LISTING_ACTION_NAMES,
  LISTING_STATUS_NAMES,
  encodeMessage,
  hasProblems,
  listingSlug as listingSlugOf,
  message,
  type Listing,
  type ListingChanges,
  type Locale,
  type User,
} from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEventBus } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';
import type { MediaStorage } from '../../plugins/storage';
import { ValidationError } from '../../plugins/validation';
import type { CategoriesRepository } from './categories-repository';
import {
  allows,
  EDITABLE,
  lifetimeFrom,
  PUBLIC,
  sellerActions,
  TRANSITIONS,
  type SellerTransition,
} from './listing-lifecycle';
import { photoStorageKeys, toListingPhoto } from '../media';
import {
  diff,
  mergedValues,
  publishingProblems,
  toValidationError,
  valuesOf,
  type ListingRules,
} from './listing-values';
import { ListingsRepository, type ListingRow } from './listings-repository';

export interface ListingsServiceOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  categories: CategoriesRepository;
  log: FastifyBaseLogger;
  events: DomainEventBus;
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/** The catalogue's rules: who may change a listing, when, and into what (docs/product/marketplace.md). */
export class ListingsService {
  readonly listings: ListingsRepository;
  private readonly rules: ListingRules;

  constructor(private readonly options: ListingsServiceOptions) {
    this.listings = new ListingsRepository(options.db);
    this.rules = { categories: options.categories, listings: this.listings };
  }

  /** A new draft, in the seller's own city; the wizard fills in the rest as it goes. */
  async createDraft(seller: User, categoryId: number | null): Promise<number> {
    if (categoryId !== null && !(await this.options.categories.find(categoryId, 'en'))) {
      throw ValidationError.forField('category_id', encodeMessage(message('listing.unknownCategory')));
    }
    const cityId = await this.listings.profileCity(seller.id);
    return this.options.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('listings')
        .values({
          seller_id: seller.id,
          category_id: categoryId,
          city_id: cityId,
          attributes: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: 'created' });
      return id;
    });
  }

  /** The seller's listing, locked for this transaction; 404 for anyone else's. */
  private async ownRow(trx: Kysely<Database>, seller: User, id: number): Promise<ListingRow> {
    const row = await this.listings.findRow(id, trx, { forUpdate: true });
    if (!row || row.seller_id !== seller.id || row.status === 'removed') throw notFound();
    return row;
  }

  /**
   * Saves `changes` (a draft as it is typed; a published listing only into another publishable
   * state). A published listing's changes are kept in its history, old and new values.
   */
  async update(seller: User, id: number, changes: ListingChanges): Promise<void> {
    await this.options.events.run(async (unit) => {
      const trx = unit.db;
      const row = await this.ownRow(trx, seller, id);
      if (!EDITABLE.includes(row.status)) {
        throw new HttpError(409, message('listing.notEditable', { status: message(LISTING_STATUS_NAMES[row.status]) }));
      }
      const current = valuesOf(row);
      const next = await mergedValues(this.rules, seller, current, changes);
      // Units accepted orders hold cannot be edited away (orders; the database refuses it too).
      const { reserved } = await trx
        .selectFrom('listings')
        .select('reserved')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (next.quantity < reserved) {
        throw ValidationError.forField(
          'quantity',
          encodeMessage(message('listing.quantityBelowReserved', { reserved })),
        );
      }
      if (row.status !== 'draft') {
        const photoCount = (await this.listings.photos(id, trx)).length;
        const problems = await publishingProblems(this.rules, seller, next, photoCount);
        if (hasProblems(problems)) throw toValidationError(problems);
      }
      const changed = diff(current, next);
      if (Object.keys(changed).length === 0) return;
      await trx
        .updateTable('listings')
        .set({
          ...next,
          attributes: JSON.stringify(next.attributes),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      if (row.status === 'draft') return;
      await this.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: 'edited', changes: changed });
      if (!('price_fils' in changed)) return;
      await unit.emit('listing.changed', {
        listingId: id,
        sellerId: seller.id,
        title: next.title ?? '',
        before: { status: row.status, price_fils: current.price_fils },
        after: { status: row.status, price_fils: next.price_fils },
        at: new Date(),
      });
    });
    this.options.categories.invalidate();
  }

  /** A seller's change of state; out of turn it is refused with 409, an incomplete listing with 422. */
  async act(seller: User, id: number, transition: SellerTransition, now = new Date()): Promise<void> {
    await this.options.events.run(async (unit) => {
      const trx = unit.db;
      const row = await this.ownRow(trx, seller, id);
      if (!allows(transition, row.status, row.expires_at, now)) {
        throw new HttpError(
          409,
          message('listing.outOfTurn', {
            action: message(LISTING_ACTION_NAMES[transition === 'remove' ? 'delete' : transition]),
            status: message(LISTING_STATUS_NAMES[row.status]),
          }),
        );
      }
      const rule = TRANSITIONS[transition];
      const set: Partial<Record<'published_at' | 'expires_at' | 'reminded_at' | 'ended_at', Date | null>> = {};
      if (transition === 'publish') {
        const problems = await publishingProblems(
          this.rules,
          seller,
          valuesOf(row),
          (await this.listings.photos(id, trx)).length,
        );
        if (hasProblems(problems)) throw toValidationError(problems);
        Object.assign(set, { published_at: now, expires_at: lifetimeFrom(now) });
      }
      if (transition === 'renew') {
        const from = row.status === 'expired' || !row.expires_at ? now : row.expires_at;
        Object.assign(set, { expires_at: lifetimeFrom(from), reminded_at: null, ended_at: null });
      }
      if (transition === 'mark_sold' || transition === 'remove') set.ended_at = now;
      await trx
        .updateTable('listings')
        .set({ ...set, status: rule.to, updated_at: now })
        .where('id', '=', id)
        .execute();
      const changes = { status: { from: row.status, to: rule.to } };
      await this.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: rule.event, changes });
      await unit.emit('listing.changed', {
        listingId: id,
        sellerId: seller.id,
        title: row.title ?? '',
        before: { status: row.status, price_fils: row.price_fils },
        after: { status: rule.to, price_fils: row.price_fils },
        at: now,
      });
    });
    this.options.categories.invalidate();
  }

  /** A draft goes for good, photos and all; anything published is removed but kept for its history. */
  async delete(seller: User, id: number): Promise<void> {
    const deletedKeys = await this.options.db.transaction().execute(async (trx) => {
      const row = await this.ownRow(trx, seller, id);
      if (row.status !== 'draft') return undefined;
      const photos = await this.listings.photos(id, trx);
      await trx.deleteFrom('listings').where('id', '=', id).execute();
      return photos.map((photo) => photo.key);
    });
    if (deletedKeys === undefined) {
      await this.act(seller, id, 'remove');
      return;
    }
    await this.deleteFiles(deletedKeys);
  }

  async deleteFiles(photoKeys: readonly string[]): Promise<void> {
    for (const key of photoKeys) {
      for (const file of photoStorageKeys(key)) {
        await this.options.storage
          .delete(file)
          .catch((error: unknown) => this.options.log.warn({ err: error, file }, 'photo file not deleted'));
      }
    }
  }

  /**
   * The listing as `viewer` may see it: its seller sees it in any state but removed, with what they
   * may do; anyone else only in a public state. Undefined means 404.
   */
  async view(id: number, viewer: User | null, locale: Locale, now = new Date()): Promise<Listing | undefined> {
    const row = await this.listings.findRow(id);
    if (!row) return undefined;
    const isSeller = viewer?.id === row.seller_id;
    if (row.status === 'removed' || (!isSeller && !PUBLIC.includes(row.status))) return undefined;
    const [photos, seller, category, places] = await Promise.all([
      this.listings.photos(id),
      this.listings.seller(row.seller_id),
      this.listings.categoryOf(row.category_id, locale),
      this.listings.placeNames(row.city_id, row.neighborhood_id, locale),
    ]);
    if (!seller) return undefined;
    const cover = photos[0];
    return {
      id: row.id,
      slug: listingSlugOf(row.title),
      status: row.status,
      title: row.title ?? '',
      price_fils: row.price_fils,
      negotiable: row.negotiable,
      condition: row.condition,
      city: places.city,
      neighborhood: places.neighborhood,
      cover: cover ? toListingPhoto(cover) : null,
      published_at: row.published_at?.toISOString() ?? null,
      description: row.description,
      category,
      quantity: row.quantity,
      attributes: row.attributes,
      city_id: row.city_id,
      neighborhood_id: row.neighborhood_id,
      latitude: row.latitude,
      longitude: row.longitude,
      pickup: row.pickup,
      delivery: row.delivery,
      delivery_fee_fils: row.delivery_fee_fils,
      photos: photos.map(toListingPhoto),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      expires_at: isSeller ? (row.expires_at?.toISOString() ?? null) : null,
      views: row.views,
      seller,
      actions: isSeller ? sellerActions(row.status, row.expires_at, now) : [],
    };
  }
}
