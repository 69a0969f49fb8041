import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ResolvedSearch } from '../search-engine';
import { textQuery } from './word-queries';

/** The filters a facet leaves out of its own counts (`period`: a rent's period and the price bounds per it). */
export type Except = 'condition' | 'city' | 'seller_type' | 'period' | `attribute:${string}`;

/**
 * Where results are read from: the whole table, or a subquery of it (the next listings in a
 * sort's order, or a sample of listings for counts that would otherwise read every match).
 */
export type Source = { window: RawBuilder<unknown> } | undefined;

/** A field filter of choices: the listing's value is one of them. */
const choice = (key: string, values: readonly string[]) =>
  sql<SqlBool>`listings.attributes ->> ${key} in (${sql.join(values.map((value) => sql.val(value)))})`;

/** Active listings (not hidden) that match `search`, leaving out the filters named in `except` (for their own counts). */
export function matchingListings(
  db: Kysely<Database>,
  search: ResolvedSearch,
  except: readonly Except[] = [],
  source?: Source,
) {
  let query = source
    ? db.selectFrom(sql<Database['listings']>`(${source.window})`.as('listings'))
    : db.selectFrom('listings');
  // A suspended seller's listings are hidden while it lasts (issue 29).
  query = query.where('listings.status', '=', 'active').where('listings.hidden_at', 'is', null);
  // A listing of a city without a centre has no distance: no place in a nearest-first list.
  if (search.sort === 'nearest') query = query.where(sql<SqlBool>`listings.place_point is not null`);
  if (search.text) query = query.where(sql<SqlBool>`listings.search_document @@ ${textQuery(search.text)}`);
  if (search.categoryIds) query = query.where('listings.category_id', 'in', search.categoryIds);
  if (!except.includes('period')) {
    if (search.minPriceFils !== undefined) query = query.where('listings.price_fils', '>=', search.minPriceFils);
    if (search.maxPriceFils !== undefined) query = query.where('listings.price_fils', '<=', search.maxPriceFils);
    if (search.pricePeriod) query = query.where('listings.price_period', '=', search.pricePeriod);
  }
  const conditions = search.conditions;
  if (conditions && !except.includes('condition')) query = query.where('listings.condition', 'in', conditions);
  if (!except.includes('city')) {
    if (search.cityId !== undefined) query = query.where('listings.city_id', '=', search.cityId);
    if (search.neighborhoodIds) query = query.where('listings.neighborhood_id', 'in', search.neighborhoodIds);
  }
  const sellerType = search.sellerType;
  if (sellerType && !except.includes('seller_type')) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select(sql`1`.as('one'))
          .whereRef('users.id', '=', 'listings.seller_id')
          .where('users.account_type', '=', sellerType),
      ),
    );
  }
  if (search.withPhotos) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('listing_photos')
          .select(sql`1`.as('one'))
          .whereRef('listing_photos.listing_id', '=', 'listings.id'),
      ),
    );
  }
  if (search.publishedSince) query = query.where('listings.published_at', '>=', search.publishedSince);
  for (const [key, values] of Object.entries(search.choices ?? {})) {
    if (!except.includes(`attribute:${key}`)) query = query.where(choice(key, values));
  }
  for (const [key, { min, max }] of Object.entries(search.ranges ?? {})) {
    const value = sql<number>`case when jsonb_typeof(listings.attributes -> ${key}) = 'number'
        then (listings.attributes ->> ${key})::numeric end`;
    if (min !== undefined) query = query.where(value, '>=', min);
    if (max !== undefined) query = query.where(value, '<=', max);
  }
  for (const key of search.flags ?? []) {
    query = query.where(sql<SqlBool>`listings.attributes -> ${key} = 'true'::jsonb`);
  }
  return query;
}
