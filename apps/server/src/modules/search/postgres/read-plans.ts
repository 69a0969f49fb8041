import {
  RawNode,
  SelectModifierNode,
  SelectQueryNode,
  sql,
  type Kysely,
  type KyselyPlugin,
  type RawBuilder,
} from 'kysely';
import { CUSTOM_PLAN_MARK } from '../../../db/prepared-statements';
import type { Database } from '../../../db/schema';

/** Listings read in a sort's index order before the search's own indexes are used instead (sortedPage()). */
export const PROBED_ROWS = 3000;

/** The newest PROBED_ROWS active listings: where results, facets and suggestions look first. */
export const newestListings = () =>
  sql`select * from listings where status = 'active' and hidden_at is null order by published_at desc, id desc limit ${PROBED_ROWS}`;

/**
 * A search's plan depends on its words (a tenth of the table or ten rows): planned for its values
 * every time, never from a prepared statement's generic plan. Every statement of `work` carries
 * CUSTOM_PLAN_MARK, so it runs unnamed (db/prepared-statements.ts), on one connection, without a
 * transaction: a search that reads one page is one round trip (it was four: begin, the setting, the
 * query, commit, each a socket write that cost node more than the query under load, issue 34).
 */
export function onSearchConnection<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute((connection) => work(connection.withPlugin(customPlans)));
}

/** Marks every statement of a search (its root: a select, or raw SQL). */
const customPlans: KyselyPlugin = {
  transformQuery({ node }) {
    if (SelectQueryNode.is(node)) return SelectQueryNode.cloneWithFrontModifier(node, CUSTOM_PLAN_MODIFIER);
    if (RawNode.is(node)) {
      const [first = '', ...rest] = node.sqlFragments;
      return { ...node, sqlFragments: [`${CUSTOM_PLAN_MARK} ${first}`, ...rest] };
    }
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
};
const CUSTOM_PLAN_MODIFIER = SelectModifierNode.createWithExpression(RawNode.createWithSql(CUSTOM_PLAN_MARK));

/** Plan settings that keep PostgreSQL to one way of reading the listings for one query (readingThrough()). */
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
 * thousand rows); the search knows better from what it has just read. The settings are local to a
 * transaction begun with them (one round trip) and ended after `work`: they never outlive it, on
 * this connection or, behind a transaction-mode pooler, on another client's.
 */
export async function readingThrough<T>(
  db: Kysely<Database>,
  way: keyof typeof READ_THROUGH,
  work: () => Promise<T>,
): Promise<T> {
  await BEGIN_READING_THROUGH[way].execute(db);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await sql.raw('rollback').execute(db);
    throw error;
  }
  await sql.raw('commit').execute(db);
  return result;
}

/** Without parameters, one simple-protocol query: the transaction and its settings in one round trip. */
const BEGIN_READING_THROUGH = Object.fromEntries(
  Object.entries(READ_THROUGH).map(([way, names]) => [
    way,
    sql.raw(['begin', ...names.map((name) => `set local ${name} = off`)].join('; ')),
  ]),
) as Record<keyof typeof READ_THROUGH, RawBuilder<unknown>>;
