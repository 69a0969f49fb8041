import {
  API_MESSAGES,
  LISTING_ACTION_NAMES,
  LISTING_STATUS_NAMES,
  attributeProblems,
  encodeMessage,
  hasProblems,
  listingProblems,
  listingSlug as listingSlugOf,
  message,
  type Listing,
  type ListingChanges,
  type ListingProblems,
  type ListingStatus,
  type ListingValues,
  type Locale,
  type User,
} from '@marketplace/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
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
import { photoStorageKeys, toListingPhoto } from './listing-photos-files';
import { ListingsRepository, type ListingRow } from './listings-repository';

export interface ListingsServiceOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  categories: CategoriesRepository;
  log: FastifyBaseLogger;
}

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/** A listing's price or state as a seller's change left it, before and after. */
export interface ListingChange {
  listingId: number;
  sellerId: number;
  title: string;
  before: { status: ListingStatus; price_fils: number | null };
  after: { status: ListingStatus; price_fils: number | null };
  at: Date;
  /** Besides the seller, whose own act the change is (an order's buyer): nobody is told of their own act. */
  actorIds?: readonly number[];
}

/**
 * Told of every change inside the transaction that makes it, so what it writes (notifications)
 * commits or rolls back with the change; what it returns runs once that has committed.
 */
export type ListingChangeListener = (
  trx: Kysely<Database>,
  change: ListingChange,
) => Promise<(() => Promise<void>) | undefined>;

export function valuesOf(row: ListingRow): ListingValues {
  return {
    category_id: row.category_id,
    title: row.title,
    description: row.description,
    condition: row.condition,
    price_fils: row.price_fils,
    negotiable: row.negotiable,
    quantity: row.quantity,
    attributes: row.attributes,
    city_id: row.city_id,
    neighborhood_id: row.neighborhood_id,
    latitude: row.latitude,
    longitude: row.longitude,
    pickup: row.pickup,
    delivery: row.delivery,
    delivery_fee_fils: row.delivery_fee_fils,
  };
}

function toValidationError(problems: ListingProblems): ValidationError {
  const errors = Object.fromEntries(
    Object.entries(problems).flatMap(([field, problem]) => (problem ? [[field, [encodeMessage(problem)]]] : [])),
  );
  return new ValidationError(errors);
}

/** The catalogue's rules: who may change a listing, when, and into what (docs/product/marketplace.md). */
export class ListingsService {
  readonly listings: ListingsRepository;
  private readonly listeners: ListingChangeListener[] = [];

  constructor(private readonly options: ListingsServiceOptions) {
    this.listings = new ListingsRepository(options.db);
  }

  /** Adds `listener` to every change of a listing's price or state from now on (favourites' alerts). */
  onChange(listener: ListingChangeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Tells the listeners of a change made elsewhere (an order reserving or selling the listing),
   * inside that transaction; the function it answers is to be run once that has committed.
   */
  async changedBy(trx: Kysely<Database>, change: ListingChange): Promise<() => Promise<void>> {
    const after = await this.tell(trx, change);
    return () => this.afterCommit(after);
  }

  /** Tells the listeners inside `trx`; returns what each wants to run after commit. */
  private async tell(trx: Kysely<Database>, change: ListingChange): Promise<(() => Promise<void>)[]> {
    const afterCommit: (() => Promise<void>)[] = [];
    for (const listener of this.listeners) {
      const after = await listener(trx, change);
      if (after) afterCommit.push(after);
    }
    return afterCommit;
  }

  private async afterCommit(work: readonly (() => Promise<void>)[]): Promise<void> {
    for (const run of work) {
      // Committed already: a listener's failure to announce must not fail the seller's request.
      await run().catch((error: unknown) => this.options.log.error({ err: error }, 'listing change not announced'));
    }
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
    const after = await this.options.db.transaction().execute(async (trx) => {
      const row = await this.ownRow(trx, seller, id);
      if (!EDITABLE.includes(row.status)) {
        throw new HttpError(409, message('listing.notEditable', { status: message(LISTING_STATUS_NAMES[row.status]) }));
      }
      const current = valuesOf(row);
      const next = await this.merged(seller, current, changes);
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
        const problems = await this.problems(seller, next, photoCount);
        if (hasProblems(problems)) throw toValidationError(problems);
      }
      const changed = diff(current, next);
      if (Object.keys(changed).length === 0) return [];
      await trx
        .updateTable('listings')
        .set({
          ...next,
          attributes: JSON.stringify(next.attributes),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      if (row.status === 'draft') return [];
      await this.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: 'edited', changes: changed });
      if (!('price_fils' in changed)) return [];
      return this.tell(trx, {
        listingId: id,
        sellerId: seller.id,
        title: next.title ?? '',
        before: { status: row.status, price_fils: current.price_fils },
        after: { status: row.status, price_fils: next.price_fils },
        at: new Date(),
      });
    });
    this.options.categories.invalidate();
    await this.afterCommit(after);
  }

  /** `current` with `changes` applied, after the checks only the server can make. */
  private async merged(seller: User, current: ListingValues, changes: ListingChanges): Promise<ListingValues> {
    const next: ListingValues = { ...current };
    for (const [field, value] of Object.entries(changes)) {
      if (value !== undefined && field !== 'attributes') (next as unknown as Record<string, unknown>)[field] = value;
    }
    const problems: ListingProblems = {};
    if (changes.category_id !== undefined && changes.category_id !== null) {
      if (!(await this.options.categories.find(changes.category_id, 'en'))) {
        problems.category_id = message('listing.unknownCategory');
      }
    }
    const definitions =
      next.category_id === null ? [] : ((await this.options.categories.find(next.category_id, 'en'))?.attributes ?? []);
    // Null clears a value; a new category keeps only the values its own fields can hold.
    const attributes = Object.fromEntries(
      Object.entries({ ...current.attributes, ...changes.attributes }).filter(
        ([key, value]) =>
          value !== null &&
          (definitions.some((definition) => definition.key === key) || changes.attributes?.[key] !== undefined),
      ),
    );
    next.attributes = attributes;
    Object.assign(problems, attributeProblems(attributes, definitions, { publishing: false }));
    if (changes.city_id !== undefined && changes.city_id !== current.city_id && changes.neighborhood_id === undefined) {
      next.neighborhood_id = null;
    }
    if (next.city_id !== null && changes.city_id !== undefined && !(await this.listings.cityExists(next.city_id))) {
      problems.city_id = message('rule.default', { field: message('listing.field.city') });
    }
    if (next.neighborhood_id !== null && changes.neighborhood_id !== undefined) {
      if (next.city_id === null || !(await this.listings.neighborhoodInCity(next.neighborhood_id, next.city_id))) {
        problems.neighborhood_id = message('listing.neighborhoodOfCity');
      }
    }
    if (seller.account_type === 'individual' && next.quantity !== 1) {
      problems.quantity = message('listing.quantityCompaniesOnly');
    }
    // A pin is a point: a latitude without its longitude (or the reverse) is never stored, not even in a draft.
    if ((next.latitude === null) !== (next.longitude === null)) {
      problems.location = message('rule.default', { field: message('listing.field.location') });
    }
    if (next.price_fils === 0) next.negotiable = false;
    if (!next.delivery) next.delivery_fee_fils = null;
    if (hasProblems(problems)) throw toValidationError(problems);
    return next;
  }

  private async problems(seller: User, values: ListingValues, photoCount: number): Promise<ListingProblems> {
    const category =
      values.category_id === null ? undefined : await this.options.categories.find(values.category_id, 'en');
    return listingProblems(values, {
      attributes: category?.attributes ?? [],
      categoryIsLeaf: values.category_id === null ? true : await this.options.categories.isLeaf(values.category_id),
      accountType: seller.account_type,
      photoCount,
    });
  }

  /** A seller's change of state; out of turn it is refused with 409, an incomplete listing with 422. */
  async act(seller: User, id: number, transition: SellerTransition, now = new Date()): Promise<void> {
    const after = await this.options.db.transaction().execute(async (trx) => {
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
        const problems = await this.problems(seller, valuesOf(row), (await this.listings.photos(id, trx)).length);
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
      return this.tell(trx, {
        listingId: id,
        sellerId: seller.id,
        title: row.title ?? '',
        before: { status: row.status, price_fils: row.price_fils },
        after: { status: rule.to, price_fils: row.price_fils },
        at: now,
      });
    });
    this.options.categories.invalidate();
    await this.afterCommit(after);
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

/** The fields whose value changed, old and new: what a listing's history shows. */
function diff(before: ListingValues, after: ListingValues): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after) as (keyof ListingValues)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return changes;
}
