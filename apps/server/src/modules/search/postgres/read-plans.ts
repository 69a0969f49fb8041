import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** Listings read in a sort's index order before the search's own indexes are used instead (sortedPage()). */
export const PROBED_ROWS = 3000;

/** The newest PROBED_ROWS active listings: where results, facets and suggestions look first. */
export const newestListings = () =>
  sql`select * from listings where status = 'active' and hidden_at is null order by published_at desc, id desc limit ${PROBED_ROWS}`;

/**
 * A search's plan depends on its words (a tenth of the table or ten rows): planned for each
 * request, never from a prepared statement's generic plan (db/prepared-statements.ts). One
 * connection, in a transaction begun together with that setting (one round trip, not two).
 */
export function inSearchTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await BEGIN_CUSTOM_PLANS.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      await ROLLBACK.execute(connection);
      throw error;
    }
    await COMMIT.execute(connection);
    return result;
  });
}

/** Without parameters, one simple-protocol query: both statements in one round trip. */
const BEGIN_CUSTOM_PLANS = sql.raw(`begin; set local plan_cache_mode = force_custom_plan`);
const COMMIT = sql.raw('commit');
const ROLLBACK = sql.raw('rollback');

/** Plan settings that keep PostgreSQL to one way of reading the listings for one query. */
const READ_THROUGH = {
  /** The indexes of the words and filters (bitmap scans), then a sort: when few rows match. */
  searchIndexes: ['enable_indexscan', 'enable_seqscan'],
  /** The sort's own index, in order, filtering as it goes: when matches are frequent enough. */
  sortOrder: ['enable_bitmapscan', 'enable_seqscan', 'enable_sort'],
} as const;

/**
 * Runs `work` with PostgreSQL kept to one way of reading: for a question whose answer is few rows
 * or none, an ordered or sequential scan would read the whole table to learn it, and the planner's
 * estimate of how many rows a word matches is often far off (one it has not seen is guessed at a
 * thousand rows); the search knows better from what it has just read.
 */
export async function readingThrough<T>(
  db: Kysely<Database>,
  way: keyof typeof READ_THROUGH,
  work: () => Promise<T>,
): Promise<T> {
  const set = (value: 'on' | 'off') =>
    sql`select ${sql.join(READ_THROUGH[way].map((name) => sql`set_config(${name}, ${value}, true)`))}`.execute(db);
  await set('off');
  try {
    return await work();
  } finally {
    await set('on');
  }
}
