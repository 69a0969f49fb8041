import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ResolvedSearch } from '../search-engine';
import { matchingListings, type Except, type Source } from './listing-filters';
import { newestListings, PROBED_ROWS } from './read-plans';

/**
 * The facets are counted exactly when fewer than this share of the newest listings match, and
 * on a sample of the table when more do (and the table is large): one in a hundred of a million
 * listings is ten thousand to read one by one.
 */
const EXACT_FACETS_BELOW = 0.01;
/** About how many rows of the table a sampled count reads. */
const FACET_SAMPLE_ROWS = 4_000;

/**
 * Where the facets are counted: every match (no source, scale 1) when such listings are rare
 * (EXACT_FACETS_BELOW), else a repeatable sample of the table, whose counts are multiplied by `scale`.
 */
export async function facetSource(
  db: Kysely<Database>,
  search: ResolvedSearch,
  excepted: readonly Except[],
): Promise<{ source: Source; scale: number }> {
  // How common the matches are among the newest listings says whether counting them all is cheap.
  const { count } = await db
    .selectFrom(
      matchingListings(db, search, excepted, { window: newestListings() })
        .select(sql`1`.as('one'))
        .as('m'),
    )
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  let source: Source;
  let scale = 1;
  if (count / PROBED_ROWS > EXACT_FACETS_BELOW) {
    const range = await db
      .selectFrom('listings')
      .select((eb) => [eb.fn.min('listings.id').as('lowest'), eb.fn.max('listings.id').as('highest')])
      .executeTakeFirst();
    const ids = range?.lowest != null && range.highest != null ? range.highest - range.lowest + 1 : 0;
    if (ids > FACET_SAMPLE_ROWS * 4 && range?.lowest != null) {
      source = { window: sampledListings(range.lowest, ids, FACET_SAMPLE_ROWS) };
      scale = ids / FACET_SAMPLE_ROWS;
    }
  }
  return { source, scale };
}

/**
 * A fixed, spread-out sample of the listings: `size` ids picked over the range of ids by a
 * multiplicative hash (Knuth's 2654435761, a prime, so no id is picked twice), read through the
 * primary key. Rows, not pages: a table's pages hold listings inserted together (one seller's
 * import, one category's batch), and sampling pages (TABLESAMPLE SYSTEM) missed the true count
 * of "galaxy" by 30% at a million listings where this does not. An id that no longer exists
 * counts as a listing that does not match. The same ids every time, so counts do not flicker.
 */
function sampledListings(lowestId: number, ids: number, size: number): RawBuilder<unknown> {
  return sql`select listings.* from generate_series(0, ${size - 1}) as picked(n)
    join listings on listings.id = ${lowestId} + (picked.n::bigint * 2654435761) % ${ids}`;
}

/** A count scaled up from a sample, to two significant figures: it is only known that well. */
export function roughly(value: number): number {
  if (value < 1) return value > 0 ? 1 : 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}
