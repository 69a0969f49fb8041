import { isInt4IdText, listingSlug, type ListingStatus, type Locale } from '@marketplace/contracts';
import type { AdminListingRow } from '@marketplace/contracts/staff';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { listingPhotoUrl } from '../media';
import { fullName, literalPattern } from './people';

export interface ListingSearch {
  /** Trimmed; '' for any title. */
  text: string;
  status: ListingStatus | undefined;
  /** The category and those under it; undefined for any. */
  categoryIds: number[] | undefined;
  sellerId: number | undefined;
  /** Only listings with open reports. */
  reported: boolean;
  /** The last id of the page before (newest first: ids grow with time). */
  before: number | undefined;
  limit: number;
  locale: Locale;
}

/**
 * Listings in every state for staff, newest first, a page at a time (one row more than `limit`, to
 * tell whether more follow). The text matches any part of the title (listings_title_trigrams) and,
 * in digits, the id; it is never a pattern of its own. State and category filters have indexes of
 * their own (migration 0022), the seller's is listings_seller_status; "reported" starts from the
 * open reports (listing_reports_open), far fewer than listings.
 */
export async function searchListings(db: Kysely<Database>, search: ListingSearch): Promise<AdminListingRow[]> {
  const { text, status, categoryIds, sellerId, reported, before, limit, locale } = search;
  let query = db
    .selectFrom('listings')
    .innerJoin('users as seller', 'seller.id', 'listings.seller_id')
    .leftJoin('categories', 'categories.id', 'listings.category_id')
    .select((eb) => [
      'listings.id',
      'listings.title',
      'listings.status',
      'listings.price_fils',
      'listings.price_period',
      'listings.created_at',
      'listings.hidden_at',
      'seller.id as seller_id',
      fullName('seller').as('seller_name'),
      'categories.id as category_id',
      'categories.name as category_name',
      'categories.name_ar as category_name_ar',
      eb
        .selectFrom('listing_photos')
        .select('listing_photos.key')
        .whereRef('listing_photos.listing_id', '=', 'listings.id')
        .orderBy('listing_photos.position')
        .limit(1)
        .as('cover_key'),
      eb
        .selectFrom('listing_reports')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('listing_reports.listing_id', '=', 'listings.id')
        .where('listing_reports.resolved_at', 'is', null)
        .as('open_reports'),
    ])
    .orderBy('listings.id', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('listings.id', '<', before);
  if (status !== undefined) query = query.where('listings.status', '=', status);
  if (categoryIds !== undefined) query = query.where('listings.category_id', 'in', categoryIds);
  if (sellerId !== undefined) query = query.where('listings.seller_id', '=', sellerId);
  if (reported) {
    query = query.where('listings.id', 'in', (eb) =>
      eb
        .selectFrom('listing_reports')
        .select('listing_reports.listing_id')
        .where('listing_reports.resolved_at', 'is', null),
    );
  }
  if (text !== '') {
    query = query.where((eb) => {
      const matches: Expression<SqlBool>[] = [
        sql<SqlBool>`lower(listings.title) like ${`%${literalPattern(text.toLowerCase())}%`}`,
      ];
      if (isInt4IdText(text)) matches.push(eb('listings.id', '=', Number(text)));
      return eb.or(matches);
    });
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? '',
    slug: row.status === 'draft' ? null : listingSlug(row.title),
    status: row.status,
    price_fils: row.price_fils,
    price_period: row.price_period,
    thumb: row.cover_key === null ? null : listingPhotoUrl(row.cover_key, 'thumb'),
    seller: { id: row.seller_id, name: row.seller_name },
    category:
      row.category_id === null
        ? null
        : { id: row.category_id, name: (locale === 'ar' ? row.category_name_ar : row.category_name) ?? '' },
    open_reports: row.open_reports ?? 0,
    created_at: row.created_at.getTime(),
    hidden: row.hidden_at !== null,
  }));
}
