import { listingSlug as listingSlugOf, type Listing, type Locale, type User } from '@marketplace/contracts';
import { PUBLIC, sellerActions } from './listing-lifecycle';
import { toListingPhoto } from '../media';
import type { ListingsContext } from './listings-context';

/**
 * The listing as `viewer` may see it: its seller sees it in any state but removed, with what they
 * may do; anyone else only in a public state, and not while its seller is suspended (hidden).
 * Undefined means 404.
 */
export async function viewListing(
  ctx: ListingsContext,
  id: number,
  viewer: User | null,
  locale: Locale,
  now = new Date(),
): Promise<Listing | undefined> {
  const row = await ctx.listings.findRow(id);
  if (!row) return undefined;
  const isSeller = viewer?.id === row.seller_id;
  if (row.status === 'removed' || (!isSeller && (!PUBLIC.includes(row.status) || row.hidden_at !== null))) {
    return undefined;
  }
  const [photos, seller, category, places] = await Promise.all([
    ctx.listings.photos(id),
    ctx.listings.seller(row.seller_id),
    ctx.listings.categoryOf(row.category_id, locale),
    ctx.listings.placeNames(row.city_id, row.neighborhood_id, locale),
  ]);
  if (!seller) return undefined;
  const cover = photos[0];
  return {
    id: row.id,
    slug: listingSlugOf(row.title),
    status: row.status,
    title: row.title ?? '',
    price_fils: row.price_fils,
    price_period: row.price_period,
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
