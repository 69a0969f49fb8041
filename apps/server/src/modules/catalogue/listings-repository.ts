import {
  type ListingEvent,
  type ListingStatus,
  type Locale,
  type RatingSummary,
  type SellerSummary,
  type UserReview,
  encodePageCursor,
} from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { avatarUrl } from '../media';
import { publicName } from '../users';
import { placeName } from '../places';
import type { PhotoRow } from '../media';
import { cardColumns, ratingSummary, type CardRow } from './listing-cards';
import type { PageCursorShapes } from '@marketplace/contracts';

/** Where a page of a listing grid starts: the last card's time and id. */
type PageCursor = PageCursorShapes['timeAndId'];

export type ListingRow = Awaited<ReturnType<ListingsRepository['findRow']>> & {};

export interface PublicFilter {
  categoryIds?: readonly number[];
  cityId?: number;
  sellerId?: number;
  /** Not this one: "other listings of this seller" on a product page. */
  excludeId?: number;
}

/** A listing's own columns; not the search document the database derives from them (0006-search). */
const LISTING_COLUMNS = [
  'id',
  'seller_id',
  'category_id',
  'status',
  'title',
  'description',
  'condition',
  'price_fils',
  'price_period',
  'negotiable',
  'quantity',
  'attributes',
  'city_id',
  'neighborhood_id',
  'latitude',
  'longitude',
  'pickup',
  'delivery',
  'delivery_fee_fils',
  'published_at',
  'expires_at',
  'reminded_at',
  'ended_at',
  'views',
  'created_at',
  'updated_at',
  // Set while the seller is suspended: the listing is theirs alone to see (issue 29).
  'hidden_at',
] as const satisfies readonly (keyof Database['listings'])[];

/** The catalogue's SQL: listings, their photos and events. Rules live in listings-service.ts. */

export class ListingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findRow(id: number, db: Kysely<Database> = this.db, { forUpdate = false } = {}) {
    return db
      .selectFrom('listings')
      .select(LISTING_COLUMNS)
      .where('id', '=', id)
      .$if(forUpdate, (query) => query.forUpdate())
      .executeTakeFirst();
  }

  /** Newest first, active only (not a suspended seller's), a page of `limit` after `cursor`. */
  async listPublic(filter: PublicFilter, cursor: PageCursor | undefined, limit: number, locale: Locale) {
    const rows = await this.db
      .selectFrom('listings')
      .select((eb) => cardColumns(eb, locale))
      .where('listings.status', '=', 'active')
      .where('listings.hidden_at', 'is', null)
      .$if(filter.categoryIds !== undefined, (query) =>
        query.where('listings.category_id', 'in', filter.categoryIds ?? []),
      )
      .$if(filter.cityId !== undefined, (query) => query.where('listings.city_id', '=', filter.cityId ?? 0))
      .$if(filter.sellerId !== undefined, (query) => query.where('listings.seller_id', '=', filter.sellerId ?? 0))
      .$if(filter.excludeId !== undefined, (query) => query.where('listings.id', '!=', filter.excludeId ?? 0))
      .$if(cursor !== undefined, (query) =>
        query.where(sql<boolean>`(listings.published_at, listings.id) < (${cursor?.at}, ${cursor?.id})`),
      )
      .orderBy('listings.published_at', 'desc')
      .orderBy('listings.id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows as (CardRow & { published_at: Date })[];
  }

  /** A seller's own listings in `statuses`, last changed first. */
  async listOwn(
    sellerId: number,
    statuses: readonly ListingStatus[],
    cursor: PageCursor | undefined,
    limit: number,
    locale: Locale,
  ) {
    const rows = await this.db
      .selectFrom('listings')
      .select((eb) => [
        ...cardColumns(eb, locale),
        eb
          .selectFrom('categories')
          .select(
            sql<{
              id: number;
              name: string;
            }>`json_build_object('id', id, 'name', ${sql.ref(locale === 'ar' ? 'name_ar' : 'name')})`.as('c'),
          )
          .whereRef('categories.id', '=', 'listings.category_id')
          .as('category'),
        eb
          .selectFrom('listing_photos')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('listing_photos.listing_id', '=', 'listings.id')
          .as('photo_count'),
        // How many people saved it: a count, never who (issue 14).
        eb
          .selectFrom('favourites')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('favourites.listing_id', '=', 'listings.id')
          .as('saves'),
      ])
      .where('listings.seller_id', '=', sellerId)
      .where('listings.status', 'in', statuses)
      .$if(cursor !== undefined, (query) =>
        query.where(sql<boolean>`(listings.updated_at, listings.id) < (${cursor?.at}, ${cursor?.id})`),
      )
      .orderBy('listings.updated_at', 'desc')
      .orderBy('listings.id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows as (CardRow & {
      updated_at: Date;
      expires_at: Date | null;
      views: number;
      category: { id: number; name: string } | null;
      photo_count: number | null;
      saves: number | null;
    })[];
  }

  async countByStatus(sellerId: number): Promise<Partial<Record<ListingStatus, number>>> {
    const rows = await this.db
      .selectFrom('listings')
      .select(['status', sql<number>`count(*)::int`.as('count')])
      .where('seller_id', '=', sellerId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  }

  async photos(listingId: number, db: Kysely<Database> = this.db): Promise<(PhotoRow & { position: number })[]> {
    return db
      .selectFrom('listing_photos')
      .select(['id', 'key', 'width', 'height', 'placeholder', 'position'])
      .where('listing_id', '=', listingId)
      .orderBy('position')
      .execute();
  }

  async seller(sellerId: number): Promise<SellerSummary | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('companies', 'companies.user_id', 'users.id')
      .select((eb) => [
        'users.id',
        'users.first_name',
        'users.last_name',
        'users.account_type',
        'users.avatar_key',
        'users.created_at',
        'users.email_verified_at',
        'companies.name as company_name',
        eb
          .selectFrom('listings')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('listings.seller_id', '=', 'users.id')
          .where('listings.status', '=', 'active')
          .where('listings.hidden_at', 'is', null)
          .as('active_listings'),
      ])
      .where('users.id', '=', sellerId)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: publicName(row),
      account_type: row.account_type,
      avatar: avatarUrl(row.avatar_key),
      member_since: row.created_at.toISOString(),
      active_listings: row.active_listings ?? 0,
      rating: await this.rating(sellerId),
      email_verified: row.email_verified_at !== null,
    };
  }

  /** What others gave a user in stars after completed orders, as buyer or as seller: their running total (user_ratings). */
  async rating(userId: number): Promise<RatingSummary> {
    const row = await this.db
      .selectFrom('user_ratings')
      .select(['reviews', 'stars'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return ratingSummary(row);
  }

  /** The reviews a user received, newest first, a page at a time (by id, as reviews_by_subject orders them). */
  async reviews(
    userId: number,
    cursor: number | undefined,
    limit: number,
  ): Promise<{ data: UserReview[]; next_cursor: string | null }> {
    let query = this.db
      .selectFrom('reviews')
      .innerJoin('users as authors', 'authors.id', 'reviews.author_id')
      .leftJoin('companies', 'companies.user_id', 'authors.id')
      .select([
        'reviews.id',
        'reviews.rating',
        'reviews.text',
        'reviews.side',
        'reviews.created_at',
        'authors.id as author_id',
        'authors.first_name',
        'authors.last_name',
        'authors.account_type',
        'companies.name as company_name',
      ])
      .where('reviews.subject_id', '=', userId)
      .orderBy('reviews.id', 'desc')
      .limit(limit + 1);
    if (cursor !== undefined) query = query.where('reviews.id', '<', cursor);
    const rows = await query.execute();
    const page = rows.slice(0, limit).map((row) => ({
      id: row.id,
      rating: row.rating,
      text: row.text,
      side: row.side,
      created_at: row.created_at.toISOString(),
      author: { id: row.author_id, name: publicName(row) },
    }));
    const last = page.at(-1);
    return { data: page, next_cursor: rows.length > limit && last ? encodePageCursor('id', last.id) : null };
  }

  async categoryOf(categoryId: number | null, locale: Locale) {
    if (categoryId === null) return null;
    const row = await this.db
      .selectFrom('categories')
      .select(['id', 'slug', locale === 'ar' ? 'name_ar as name' : 'name', 'trade_kind'])
      .where('id', '=', categoryId)
      .executeTakeFirst();
    return row ?? null;
  }

  async placeNames(cityId: number | null, neighborhoodId: number | null, locale: Locale) {
    const [city, neighborhood] = await Promise.all([
      cityId === null
        ? undefined
        : this.db
            .selectFrom('cities')
            .select(placeName('cities', locale).as('name'))
            .where('id', '=', cityId)
            .executeTakeFirst(),
      neighborhoodId === null
        ? undefined
        : this.db
            .selectFrom('neighborhoods')
            .select(placeName('neighborhoods', locale).as('name'))
            .where('id', '=', neighborhoodId)
            .executeTakeFirst(),
    ]);
    return { city: city?.name ?? null, neighborhood: neighborhood?.name ?? null };
  }

  async events(listingId: number): Promise<ListingEvent[]> {
    const rows = await this.db
      .selectFrom('listing_events')
      .leftJoin('users', 'users.id', 'listing_events.actor_id')
      .select([
        'listing_events.id',
        'listing_events.type',
        'listing_events.changes',
        'listing_events.created_at',
        'users.id as actor_id',
        'users.first_name',
      ])
      .where('listing_events.listing_id', '=', listingId)
      .orderBy('listing_events.id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      type: row.type as ListingEvent['type'],
      actor: row.actor_id === null ? null : { id: row.actor_id, name: row.first_name ?? '' },
      changes: row.changes,
      created_at: row.created_at.toISOString(),
    }));
  }

  async recordEvent(
    db: Kysely<Database>,
    event: { listingId: number; actorId: number | null; type: ListingEvent['type']; changes?: ListingEvent['changes'] },
  ): Promise<void> {
    await db
      .insertInto('listing_events')
      .values({
        listing_id: event.listingId,
        actor_id: event.actorId,
        type: event.type,
        changes: JSON.stringify(event.changes ?? {}),
      })
      .execute();
  }

  /** Why moderation removed the listing, when it did (its page answers 410 with it); undefined otherwise. */
  async moderationRemoval(id: number): Promise<{ reason: string; at: Date } | undefined> {
    const row = await this.db
      .selectFrom('listings')
      .select(['moderation_reason', 'moderated_at'])
      .where('id', '=', id)
      .where('status', '=', 'removed')
      .where('moderated_at', 'is not', null)
      .executeTakeFirst();
    return row?.moderated_at ? { reason: row.moderation_reason ?? 'other', at: row.moderated_at } : undefined;
  }

  async countView(listingId: number): Promise<void> {
    await this.db
      .updateTable('listings')
      .set({ views: sql<number>`views + 1` })
      .where('id', '=', listingId)
      .execute();
  }

  /** Whether neighborhood `neighborhoodId` is in city `cityId`. */
  async neighborhoodInCity(neighborhoodId: number, cityId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('neighborhoods')
      .select('id')
      .where('id', '=', neighborhoodId)
      .where('city_id', '=', cityId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async cityExists(cityId: number): Promise<boolean> {
    return (await this.db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst()) !== undefined;
  }

  /** The city of the seller's profile address, where a new listing starts. */
  async profileCity(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('addresses')
      .select('city_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.city_id ?? null;
  }
}
