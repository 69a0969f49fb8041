import { listingSlug, orderTotalFils, type Locale, type OrderRole, type OrderSummary } from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listingPhotoUrl } from '../media';
import { allowedActions, reviewUntil } from './order-machine';
import type { OrderRow } from './orders-context';

/** Orders with what their lists and pages show beside them: the listing, both names, the cover, the city. */
export function orderRows(db: Kysely<Database>, locale: Locale) {
  return db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('users as buyers', 'buyers.id', 'orders.buyer_id')
    .innerJoin('users as sellers', 'sellers.id', 'orders.seller_id')
    .leftJoin('cities', (join) => join.on(sql<boolean>`cities.id = (orders.delivery_address->>'city_id')::int`))
    .selectAll('orders')
    .select([
      'listings.title',
      // A deleted account's name is erased: the other party sees "Deleted user" (decision 026).
      sql<string | null>`case when buyers.deleted_at is null then buyers.first_name || ' ' || buyers.last_name end`.as(
        'buyer_name',
      ),
      sql<
        string | null
      >`case when sellers.deleted_at is null then sellers.first_name || ' ' || sellers.last_name end`.as('seller_name'),
      (eb) =>
        eb
          .selectFrom('listing_photos')
          .select('listing_photos.key')
          .whereRef('listing_photos.listing_id', '=', 'orders.listing_id')
          .orderBy('listing_photos.position')
          .limit(1)
          .as('cover_key'),
      (locale === 'ar'
        ? sql<string | null>`coalesce(cities.name_ar, cities.name)`
        : sql<string | null>`cities.name`
      ).as('delivery_city'),
    ]);
}

/** An order as one of its sides sees it in a list. */
export function orderSummary(
  row: OrderRow & {
    title: string | null;
    buyer_name: string | null;
    seller_name: string | null;
    cover_key: string | null;
  },
  role: OrderRole,
  now: Date,
  reviews: readonly { author_id: number }[],
  locale: Locale,
): OrderSummary {
  const deletedUser = translators[locale].t('account.deletedUser');
  const me = role === 'buyer' ? row.buyer_id : row.seller_id;
  const until = reviewUntil(row.completed_at);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    awaiting: row.awaiting,
    role,
    listing: {
      id: row.listing_id,
      title: row.title ?? '',
      slug: listingSlug(row.title),
      thumb: row.cover_key === null ? null : listingPhotoUrl(row.cover_key, 'thumb'),
    },
    buyer: { id: row.buyer_id, name: row.buyer_name ?? deletedUser },
    seller: { id: row.seller_id, name: row.seller_name ?? deletedUser },
    quantity: row.quantity,
    unit_price_fils: row.unit_price_fils,
    listed_price_fils: row.listed_price_fils,
    delivery_method: row.delivery_method,
    delivery_fee_fils: row.delivery_fee_fils,
    total_fils: orderTotalFils(row),
    rounds: row.rounds,
    deadline_at: row.deadline_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    actions: allowedActions(row, role, now),
    can_review:
      row.status === 'completed' &&
      until !== null &&
      now.getTime() < until.getTime() &&
      !reviews.some((review) => review.author_id === me),
  };
}
