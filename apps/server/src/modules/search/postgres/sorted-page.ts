import type { Locale } from '@marketplace/contracts';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import { cardColumns } from '../../catalogue';
import type { ResolvedSearch, SearchCursor, SearchResults } from '../search-engine';
import { matchingListings, type Source } from './listing-filters';
import { PROBED_ROWS, readingThrough } from './read-plans';
import { chord, EARTH_RADIUS_M, sortKey, type SortedRow } from './sort-keys';

/** Listings sortedPage() reads on in the sort's order when the probe's matches say a page is this near. */
const ORDERED_READ_UP_TO = 60_000;

/** A page in the order of one sort key (and the id), from the cursor's place. */
export async function sortedPage(
  db: Kysely<Database>,
  search: ResolvedSearch,
  cursor: SearchCursor | undefined,
  limit: number,
  locale: Locale,
  keyPrefix = '',
  also?: RawBuilder<SqlBool>,
): Promise<SearchResults> {
  const { key, direction, type } = sortKey(search);
  const comparison = direction === 'asc' ? sql`>` : sql`<`;
  const after = cursor
    ? sql<SqlBool>`(${key}, listings.id) ${comparison} (cast(${cursor.key} as ${sql.raw(type)}), ${cursor.id})`
    : sql<SqlBool>`true`;
  // Nearest: the GiST index on (place, id) reads listings by distance, then id, when the id is
  // ordered as a distance too (btree_gist's `<->`, from 0): a city's centre holds hundreds of
  // listings at one distance, and a KNN read cannot be sorted further by PostgreSQL on its way.
  const nearest = search.sort === 'nearest';
  const idKey = nearest ? sql`(listings.id <-> 0)` : undefined;
  // First the next PROBED_ROWS active listings in the sort's own index order, filtered: when
  // the search matches more than one in a hundred or so, the page is among them, found in a
  // few milliseconds. Otherwise what the probe found says how to go on, which PostgreSQL's
  // estimates cannot (readingThrough()): reading on in the sort's order when the page is
  // likely within ORDERED_READ_UP_TO listings, or else through the indexes of the words and
  // filters, then sorting the matches, which are few by then.
  const window = probeWindow(search, key, direction, after, idKey);
  const probe = nearest
    ? await pageOf(db, search, { window }, after, sql`listings.probe_key`, direction, limit, locale, also, {
        idKey: sql`listings.probe_id`,
      })
    : await pageOf(db, search, { window }, after, key, direction, limit, locale, also);
  let rows = probe.rows;
  if (rows.length <= limit) {
    // As many matches further on as the window held: how far reading on in order would go.
    const further = rows.length === 0 ? Infinity : ((limit + 1 - rows.length) * PROBED_ROWS) / rows.length;
    const way = further <= ORDERED_READ_UP_TO ? 'sortOrder' : 'searchIndexes';
    const all = await readingThrough(db, way, () =>
      pageOf(db, search, undefined, after, key, direction, limit, locale, also, idKey && { idKey }),
    );
    rows = all.rows;
  }
  // The key goes to the cursor as PostgreSQL's own text of it: exact for a bigint and a time to
  // the microsecond, as a JavaScript number or Date would not be.
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last?.sort_key ? { key: `${keyPrefix}${last.sort_key}`, id: last.id } : undefined,
  };
}

/** The probe's window: the next PROBED_ROWS active listings after the cursor, in the sort's own index order. */
function probeWindow(
  search: ResolvedSearch,
  key: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  after: RawBuilder<SqlBool>,
  idKey: RawBuilder<unknown> | undefined,
): RawBuilder<unknown> {
  const order = sql.raw(direction);
  // Within a leaf category, the window is that category's listings in order: its own indexes
  // (category, time) and (category, price) read them so, where the cheapest of all listings
  // would hold no car at all.
  const [only, ...more] = search.categoryIds ?? [];
  const inCategory = only !== undefined && more.length === 0 ? sql`listings.category_id = ${only}` : sql`true`;
  const nearest = search.sort === 'nearest';
  const placed = nearest ? sql`listings.place_point is not null` : sql`true`;
  // The distance and the id's key are columns of the window, so the page's order is seen to be
  // the window's and the read stops at the page (by the expressions, all of it would be sorted).
  return nearest
    ? sql`select *, ${key} as probe_key, ${idKey} as probe_id from listings
        where listings.status = 'active' and listings.hidden_at is null and ${inCategory} and ${placed} and ${after}
        order by probe_key, probe_id limit ${PROBED_ROWS}`
    : sql`select * from listings where listings.status = 'active' and listings.hidden_at is null and ${inCategory} and ${after}
        order by ${key} ${order}, listings.id ${order} limit ${PROBED_ROWS}`;
}

/** One query of sortedPage(): up to limit + 1 matches in order, from a probe's window or the table. */
async function pageOf(
  db: Kysely<Database>,
  search: ResolvedSearch,
  source: Source,
  after: RawBuilder<SqlBool>,
  key: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  limit: number,
  locale: Locale,
  also: RawBuilder<SqlBool> | undefined,
  { idKey }: { idKey?: RawBuilder<unknown> } = {},
) {
  let query = matchingListings(db, search, [], source).select((eb) => [
    ...cardColumns(eb, locale),
    sql<string>`(${key})::text`.as('sort_key'),
    ...(search.near
      ? [
          sql<number | null>`round(${2 * EARTH_RADIUS_M} * asin(least(1, ${chord(search)} / 2)))::int`.as('distance_m'),
          sql<boolean | null>`listings.latitude is null`.as('distance_approximate'),
        ]
      : []),
  ]);
  if (also) query = query.where(also);
  if (!source) query = query.where(after);
  query = query.orderBy(key, direction).orderBy(idKey ?? sql`listings.id`, direction);
  const rows = (await query.limit(limit + 1).execute()) as SortedRow[];
  return { rows };
}
