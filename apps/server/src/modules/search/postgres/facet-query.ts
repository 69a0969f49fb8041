import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ResolvedSearch } from '../search-engine';
import { matchingListings, type Except, type Source } from './listing-filters';
import { readingThrough } from './read-plans';

/** A row of the facets' grouping sets: `g` says which column it is grouped by (grouping()). */
export type FacetRow = Record<string, string | number | null> & { g: number };

/** The columns the facets group by, in the order of grouping()'s bits. */
export function facetColumns(enumKeys: readonly string[]): string[] {
  return [
    'category_id',
    'condition',
    'city_id',
    'seller_type',
    ...enumKeys.map((_, index) => `a${index}`),
    'neighborhood_id',
    'price_period',
  ];
}

/**
 * The facets' one pass (countFacets()): a row per value of each of `columns`, with how many
 * listings of that value match the search (`total`) and match it with each filter of `excepted`
 * left out (`c0`, `c1`…), and a row of the whole (with `matched`: how many match with all of them left out).
 */
export async function facetRows(
  db: Kysely<Database>,
  search: ResolvedSearch,
  enumKeys: readonly string[],
  excepted: readonly Except[],
  columns: readonly string[],
  source: Source,
): Promise<FacetRow[]> {
  const met = (filter: Except) => filterMet(search, filter, enumKeys);
  const allBut = (left?: Except) =>
    sql.join([sql`true`, ...excepted.filter((filter) => filter !== left).map(met)], sql` and `);
  const superset = matchingListings(db, search, excepted, source)
    .innerJoin('users', 'users.id', 'listings.seller_id')
    .select([
      'listings.category_id',
      'listings.condition',
      'listings.city_id',
      'listings.neighborhood_id',
      'users.account_type as seller_type',
      'listings.price_fils',
      'listings.price_period',
      ...enumKeys.map((key, index) => sql<string | null>`listings.attributes ->> ${key}`.as(`a${index}`)),
    ]);
  const grouped = columns.map((column) => sql.ref(`m.${column}`));
  // grouping() sets a bit for each column a row is NOT grouped by, the first column's the highest.
  const query = sql<FacetRow>`with m as (${superset})
      select grouping(${sql.join(grouped)}) as g, ${sql.join(grouped)},
        count(*) filter (where ${allBut()})::int as total, count(*)::int as matched,
        ${sql.join(
          excepted.map(
            (filter, index) => sql`count(*) filter (where ${allBut(filter)})::int as ${sql.ref(`c${index}`)}`,
          ),
        )},
        count(*) filter (where ${allBut('city')} and m.city_id = ${search.cityId ?? null})::int as neighborhoods,
        count(*) filter (where ${allBut('period')} and ${priceMet(search)})::int as priced
      from m group by grouping sets (${sql.join(grouped.map((column) => sql`(${column})`))}, ())`;
  // Exact: few match, found through the indexes of the words and filters.
  const { rows } = source
    ? await query.execute(db)
    : await readingThrough(db, 'searchIndexes', () => query.execute(db));
  return rows;
}

/** Whether a row of the facets' pass meets one of the filters the pass left out. */
function filterMet(search: ResolvedSearch, filter: Except, enumKeys: readonly string[]): RawBuilder<SqlBool> {
  const list = (values: readonly (string | number)[]) => sql.join(values.map((value) => sql.val(value)));
  switch (filter) {
    case 'condition':
      return search.conditions ? sql`m.condition in (${list(search.conditions)})` : sql`true`;
    case 'city': {
      const parts = [
        ...(search.cityId !== undefined ? [sql`m.city_id = ${search.cityId}`] : []),
        ...(search.neighborhoodIds ? [sql`m.neighborhood_id in (${list(search.neighborhoodIds)})`] : []),
      ];
      return parts.length > 0 ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
    }
    case 'seller_type':
      return search.sellerType ? sql`m.seller_type = ${search.sellerType}` : sql`true`;
    case 'period':
      return search.pricePeriod
        ? sql`(m.price_period = ${search.pricePeriod} and ${priceMet(search)})`
        : priceMet(search);
    default: {
      const key = filter.slice('attribute:'.length);
      const values = search.choices?.[key];
      return values ? sql`${sql.ref(`m.a${enumKeys.indexOf(key)}`)} in (${list(values)})` : sql`true`;
    }
  }
}

/** Whether a row of the facets' pass is within the search's price bounds (true without any). */
function priceMet(search: ResolvedSearch): RawBuilder<SqlBool> {
  const parts = [
    ...(search.minPriceFils !== undefined ? [sql`m.price_fils >= ${search.minPriceFils}`] : []),
    ...(search.maxPriceFils !== undefined ? [sql`m.price_fils <= ${search.maxPriceFils}`] : []),
  ];
  return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}
