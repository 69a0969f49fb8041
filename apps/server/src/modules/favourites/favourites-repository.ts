import {
  API_MESSAGES,
  message,
  UNAVAILABLE_STATUSES,
  type FavouriteFilter,
  type ListingStatus,
  type Locale,
  type User,
} from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { cardColumns, type CardRow, PUBLIC } from '../catalogue';
import type { PageCursorShapes } from '@marketplace/contracts';

/** The hearts on a page need every saved id; past this many, the oldest saves show unfilled. */
export const FAVOURITE_IDS_MAX = 2000;

export type FavouriteRow = CardRow & {
  saved_at: Date;
  saved_price_fils: number | null;
  saved_status: ListingStatus;
};

/** Favourites: who saved which listing, with its price and state at that moment (migration 0009). */
export class FavouritesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Saves listing `id` for `user`, once however many times it is asked (the primary key and
   * `on conflict do nothing` make 20 requests at once one row). 404 for a listing they may not
   * see, 409 for their own.
   */
  async save(user: User, id: number): Promise<void> {
    const listing = await this.db
      .selectFrom('listings')
      .select(['seller_id', 'status', 'price_fils'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!listing || !PUBLIC.includes(listing.status)) throw new HttpError(404, message(API_MESSAGES.notFound));
    if (listing.seller_id === user.id) throw new HttpError(409, message('favourites.own'));
    await this.db
      .insertInto('favourites')
      .values({ user_id: user.id, listing_id: id, saved_price_fils: listing.price_fils, saved_status: listing.status })
      .onConflict((conflict) => conflict.columns(['user_id', 'listing_id']).doNothing())
      .execute();
  }

  /** Forgets listing `id` for `user`, whether or not it was saved and whatever became of the listing. */
  async remove(userId: number, id: number): Promise<void> {
    await this.db.deleteFrom('favourites').where('user_id', '=', userId).where('listing_id', '=', id).execute();
  }

  /** The listings `userId` saved, newest first. */
  async ids(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favourites')
      .select('listing_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('listing_id', 'desc')
      .limit(FAVOURITE_IDS_MAX)
      .execute();
    return rows.map((row) => row.listing_id);
  }

  /** A page of `userId`'s favourites, newest first, with their listings as cards. */
  async page(
    userId: number,
    show: FavouriteFilter | undefined,
    cursor: PageCursorShapes['timeAndId'] | undefined,
    limit: number,
    locale: Locale,
  ): Promise<FavouriteRow[]> {
    const rows = await this.db
      .selectFrom('favourites')
      .innerJoin('listings', 'listings.id', 'favourites.listing_id')
      .select((eb) => [
        ...cardColumns(eb, locale),
        'favourites.created_at as saved_at',
        'favourites.saved_price_fils',
        'favourites.saved_status',
      ])
      .where('favourites.user_id', '=', userId)
      // A suspended seller's listings leave the list while it lasts, and come back with them (issue 29).
      .where('listings.hidden_at', 'is', null)
      .$if(show === 'available', (query) => query.where('listings.status', '=', 'active'))
      .$if(show === 'ended', (query) => query.where('listings.status', 'in', UNAVAILABLE_STATUSES))
      .$if(cursor !== undefined, (query) =>
        query.where(sql<boolean>`(favourites.created_at, favourites.listing_id) < (${cursor?.at}, ${cursor?.id})`),
      )
      .orderBy('favourites.created_at', 'desc')
      .orderBy('favourites.listing_id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows;
  }
}
