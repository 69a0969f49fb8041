import {
  listingSlug,
  type ListingCard,
  type ListingStatus,
  type Locale,
  type RatingSummary,
} from '@marketplace/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { placeName } from '../places';
import { toListingPhoto, type PhotoRow } from '../media';

/*
 * A listing as a card: what every grid selects (the catalogue's and search's) and how it is sent.
 */

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Cards select this much of a listing, its cover and its place's names. */
export function cardColumns(eb: ExpressionBuilder<Database, 'listings'>, locale: Locale) {
  return [
    'listings.id',
    'listings.status',
    'listings.title',
    'listings.price_fils',
    'listings.price_period',
    'listings.negotiable',
    'listings.condition',
    'listings.published_at',
    'listings.updated_at',
    'listings.expires_at',
    'listings.views',
    eb
      .selectFrom('cities')
      .select(placeName('cities', locale).as('name'))
      .whereRef('cities.id', '=', 'listings.city_id')
      .as('city'),
    eb
      .selectFrom('neighborhoods')
      .select(placeName('neighborhoods', locale).as('name'))
      .whereRef('neighborhoods.id', '=', 'listings.neighborhood_id')
      .as('neighborhood'),
    eb
      .selectFrom('listing_photos')
      .select(
        sql<PhotoRow>`json_build_object('id', id, 'key', key, 'width', width, 'height', height, 'placeholder', placeholder)`.as(
          'cover',
        ),
      )
      .whereRef('listing_photos.listing_id', '=', 'listings.id')
      .orderBy('listing_photos.position')
      .limit(1)
      .as('cover'),
    // The seller's running total (migration 0028), by key in the same query: no query per card.
    eb
      .selectFrom('user_ratings')
      .select(sql<RatingTotal>`json_build_object('reviews', reviews, 'stars', stars)`.as('rating'))
      .whereRef('user_ratings.user_id', '=', 'listings.seller_id')
      .as('seller_rating'),
  ] as const;
}

export type CardRow = {
  id: number;
  status: ListingStatus;
  title: string | null;
  price_fils: number | null;
  price_period: ListingCard['price_period'];
  negotiable: boolean;
  condition: ListingCard['condition'];
  published_at: Date | null;
  city: string | null;
  neighborhood: string | null;
  cover: PhotoRow | null;
  seller_rating: RatingTotal | null;
};

/** A user's reviews received and their stars in all (user_ratings). */
export interface RatingTotal {
  reviews: number;
  stars: number;
}

/** The average to one decimal, as people read it ("4.5 out of 5"), and the count; no average without reviews. */
export function ratingSummary(total: RatingTotal | null | undefined): RatingSummary {
  if (!total || total.reviews === 0) return { average: null, count: 0 };
  return { average: Math.round((total.stars * 10) / total.reviews) / 10, count: total.reviews };
}

export function toCard(row: CardRow): ListingCard {
  return {
    id: row.id,
    slug: listingSlug(row.title),
    status: row.status,
    title: row.title ?? '',
    price_fils: row.price_fils,
    price_period: row.price_period,
    negotiable: row.negotiable,
    condition: row.condition,
    city: row.city,
    neighborhood: row.neighborhood,
    cover: row.cover ? toListingPhoto(row.cover) : null,
    published_at: iso(row.published_at),
    seller_rating: ratingSummary(row.seller_rating),
  };
}
