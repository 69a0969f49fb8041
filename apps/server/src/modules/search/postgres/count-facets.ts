import { pricePeriods, type Locale } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { placeName } from '../../places';
import type { ResolvedSearch, SearchFacetCounts } from '../search-engine';
import { facetColumns, facetRows } from './facet-query';
import { facetSample, roughly, sampleSuffices } from './facet-sample';
import type { Except } from './listing-filters';
import { onSearchConnection } from './read-plans';
import { correctedSearch } from './typo-correction';

type Counted = { value: string; count: number };

/** The counts of the search; when its words as typed find nothing at all, those of their correction. */
export function countFacets(
  db: Kysely<Database>,
  search: ResolvedSearch,
  enumKeys: readonly string[],
  locale: Locale,
): Promise<SearchFacetCounts> {
  return onSearchConnection(db, async (trx) => {
    const found = await counts(trx, search, enumKeys, locale);
    if (found.total > 0) return found;
    const corrected = await correctedSearch(trx, search);
    return corrected ? counts(trx, corrected, enumKeys, locale) : found;
  });
}

/**
 * Every facet in one pass over the listings that match all but the filters a facet leaves out:
 * each facet counts the rows of that pass that meet the other filters. On a large table, first
 * on a repeatable sample of its listings, scaled, so a search that matches half the catalogue
 * costs what one that matches a few thousand does, and says its counts are approximate; again
 * exactly when the sample says such listings are rare (sampleSuffices()).
 */
async function counts(
  db: Kysely<Database>,
  search: ResolvedSearch,
  enumKeys: readonly string[],
  locale: Locale,
): Promise<SearchFacetCounts> {
  const excepted: Except[] = [
    'condition',
    'city',
    'seller_type',
    ...enumKeys.map((key) => `attribute:${key}` as const),
    // Last, so the others' count columns keep their numbers: a rent's period, only where one is searched.
    ...(search.countPeriods ? (['period'] as const) : []),
  ];
  const columns = facetColumns(enumKeys);
  let { source, scale } = await facetSample(db);
  let rows = await facetRows(db, search, enumKeys, excepted, columns, source);
  if (source && !sampleSuffices(Number(rows.find((row) => row.g === (1 << columns.length) - 1)?.matched ?? 0))) {
    source = undefined;
    scale = 1;
    rows = await facetRows(db, search, enumKeys, excepted, columns, source);
  }
  const full = (1 << columns.length) - 1;
  const groupOf = (column: number) => full ^ (1 << (columns.length - 1 - column));
  const estimate = (value: number) => (source ? roughly(value * scale) : value);
  const valuesOf = (column: number, countColumn: string): Counted[] =>
    rows
      .filter((row) => row.g === groupOf(column) && row[columns[column] ?? ''] !== null)
      .map((row) => ({ value: String(row[columns[column] ?? '']), count: estimate(Number(row[countColumn])) }))
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const total = estimate(Number(rows.find((row) => row.g === full)?.total ?? 0));
  const categoryCounts = new Map(
    rows
      .filter((row) => row.g === groupOf(0) && row.category_id !== null)
      .map((row) => [Number(row.category_id), estimate(Number(row.total))] as const),
  );
  const cityCounts = valuesOf(2, 'c1');
  // The chosen city's neighborhoods, each counted with the others' choice left out.
  const neighborhoodCounts =
    search.cityId === undefined ? [] : valuesOf(columns.indexOf('neighborhood_id'), 'neighborhoods');
  const { cities, neighborhoods } = await namedPlaces(db, cityCounts, neighborhoodCounts, locale);
  return {
    total,
    approximate: source !== undefined,
    categoryCounts,
    conditions: valuesOf(1, 'c0'),
    cities,
    neighborhoods,
    seller_types: valuesOf(3, 'c2').flatMap((entry) =>
      entry.value === 'individual' || entry.value === 'company' ? [{ value: entry.value, count: entry.count }] : [],
    ),
    attributes: enumKeys.map((key, index) => ({ key, values: valuesOf(4 + index, `c${3 + index}`) })),
    periods: search.countPeriods
      ? periodCounts(
          search,
          valuesOf(columns.indexOf('price_period'), `c${excepted.length - 1}`),
          valuesOf(columns.indexOf('price_period'), 'priced'),
        )
      : [],
  };
}

/**
 * Per year and per month (a rent category's): each as choosing it would find. The chosen period
 * (or any, without one) keeps the price bounds; choosing the other takes them away (decision 039).
 */
function periodCounts(search: ResolvedSearch, unpriced: Counted[], priced: Counted[]): Counted[] {
  const countOf = (value: string) =>
    (search.pricePeriod === undefined || search.pricePeriod === value ? priced : unpriced).find(
      (entry) => entry.value === value,
    )?.count ?? 0;
  return pricePeriods.map((value) => ({ value, count: countOf(value) }));
}

/** The counted cities and neighborhoods by id with their names in `locale`; any no longer known left out. */
async function namedPlaces(
  db: Kysely<Database>,
  cityCounts: Counted[],
  neighborhoodCounts: Counted[],
  locale: Locale,
): Promise<Pick<SearchFacetCounts, 'cities' | 'neighborhoods'>> {
  const neighborhoodNames = neighborhoodCounts.length
    ? await db
        .selectFrom('neighborhoods')
        .select(['neighborhoods.id', placeName('neighborhoods', locale).as('name')])
        .where(
          'neighborhoods.id',
          'in',
          neighborhoodCounts.map((entry) => Number(entry.value)),
        )
        .execute()
    : [];
  const cityNames = cityCounts.length
    ? await db
        .selectFrom('cities')
        .select(['cities.id', placeName('cities', locale).as('name')])
        .where(
          'cities.id',
          'in',
          cityCounts.map((city) => Number(city.value)),
        )
        .execute()
    : [];
  return {
    cities: cityCounts.flatMap((city) => {
      const name = cityNames.find((each) => each.id === Number(city.value))?.name;
      return name ? [{ id: Number(city.value), name, count: city.count }] : [];
    }),
    neighborhoods: neighborhoodCounts.flatMap((entry) => {
      const name = neighborhoodNames.find((each) => each.id === Number(entry.value))?.name;
      return name ? [{ id: Number(entry.value), name, count: entry.count }] : [];
    }),
  };
}
