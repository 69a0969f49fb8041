import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Source } from './listing-filters';

/**
 * The facets are counted on a sample of the table when it is large and more than this share of
 * the sample matches; exactly otherwise: one in a hundred of a million listings is ten thousand
 * to read one by one, fewer are found through the indexes in a few milliseconds.
 */
const EXACT_FACETS_BELOW = 0.01;
/** About how many rows of the table a sampled count reads. */
export const FACET_SAMPLE_ROWS = 4_000;

/**
 * The sample the facets may be counted on (sampledListings()), and the scale of its counts; none
 * when the table is small enough to count exactly.
 */
export async function facetSample(db: Kysely<Database>): Promise<{ source: Source; scale: number }> {
  const range = await db
    .selectFrom('listings')
    .select((eb) => [eb.fn.min('listings.id').as('lowest'), eb.fn.max('listings.id').as('highest')])
    .executeTakeFirst();
  const ids = range?.lowest != null && range.highest != null ? range.highest - range.lowest + 1 : 0;
  if (ids <= FACET_SAMPLE_ROWS * 4 || range?.lowest == null) return { source: undefined, scale: 1 };
  return { source: { window: sampledListings(range.lowest, ids, FACET_SAMPLE_ROWS) }, scale: ids / FACET_SAMPLE_ROWS };
}

/**
 * Whether counts on the sample are close enough: when few of its listings match (`matched`, all
 * the filters the facets leave out left out), the search is rare and is counted exactly instead.
 * The sample itself says so, where a first probe of the newest listings cost as much again.
 */
export const sampleSuffices = (matched: number) => matched / FACET_SAMPLE_ROWS > EXACT_FACETS_BELOW;

/**
 * A fixed, spread-out sample of the listings: `size` ids picked over the range of ids by a
 * multiplicative hash (Knuth's 2654435761, a prime, so no id is picked twice), read through the
 * primary key as one array (a single walk of the index in id order: 28% fewer buffers read than
 * a lookup per id at a million listings, the same rows). Rows, not pages: a table's pages hold listings inserted together (one seller's
 * import, one category's batch), and sampling pages (TABLESAMPLE SYSTEM) missed the true count
 * of "galaxy" by 30% at a million listings where this does not. An id that no longer exists
 * counts as a listing that does not match. The same ids every time, so counts do not flicker.
 */
function sampledListings(lowestId: number, ids: number, size: number): RawBuilder<unknown> {
  return sql`select listings.* from listings where listings.id = any(array(
    select ${lowestId} + (picked.n::bigint * 2654435761) % ${ids} from generate_series(0, ${size - 1}) as picked(n)))`;
}

/** A count scaled up from a sample, to two significant figures: it is only known that well. */
export function roughly(value: number): number {
  if (value < 1) return value > 0 ? 1 : 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}
