import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays, dayEnd, dayStart } from './utc-days';

/** One day's figures, as daily_figures keeps them and the API answers them. */
export interface DayFigures {
  new_users: number;
  listings_published: number;
  orders_completed: number;
  orders_value_fils: number;
  reports_opened: number;
  open_reports: number;
  median_first_action_seconds: number | null;
}

type Db = Kysely<Database>;

/** The UTC day of a timestamp column, as 'yyyy-mm-dd' (dates are read back as text, database.ts). */
const dayOf = (column: string) => sql<string>`(${sql.ref(column)} at time zone 'UTC')::date`;

/**
 * Every report, of a listing, a conversation or a person, with when it was made and when moderation
 * first acted on it (resolved it); `where` is applied to each table, so each reads its own index.
 */
const reports = (where: ReturnType<typeof sql>) => sql`(
  select created_at, resolved_at from listing_reports where ${where}
  union all select created_at, resolved_at from conversation_reports where ${where}
  union all select created_at, resolved_at from user_reports where ${where}
) as reports`;

/** Seconds from a report to its first action. */
const waited = sql`extract(epoch from reports.resolved_at - reports.created_at)`;

const byDay = <R extends { day: string }>(rows: R[]) => new Map(rows.map((row) => [row.day, row]));

/**
 * Counts the figures of every UTC day from `first` to `last` (oldest first) from the tables
 * themselves: each figure is one query over a range of one index (migration 0021), grouped by day.
 *
 * The reports open at the end of a day are those open now, plus those acted on since, less those
 * made since (a report is acted on after it is made), so no count reads reports older than `first`.
 */
export async function countDays(db: Db, first: string, last: string): Promise<Map<string, DayFigures>> {
  const from = dayStart(first);
  const to = dayEnd(last);
  const [users, listings, orders, made, acted, open] = await Promise.all([
    db
      .selectFrom('users')
      .select([dayOf('created_at').as('day'), sql<number>`count(*)::int`.as('count')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(dayOf('created_at'))
      .execute(),
    db
      .selectFrom('listings')
      .select([dayOf('published_at').as('day'), sql<number>`count(*)::int`.as('count')])
      .where('published_at', '>=', from)
      .where('published_at', '<', to)
      .groupBy(dayOf('published_at'))
      .execute(),
    db
      .selectFrom('orders')
      .select([
        dayOf('completed_at').as('day'),
        sql<number>`count(*)::int`.as('count'),
        sql<number>`sum(quantity::bigint * unit_price_fils + delivery_fee_fils)::bigint`.as('value'),
      ])
      .where('completed_at', '>=', from)
      .where('completed_at', '<', to)
      .groupBy(dayOf('completed_at'))
      .execute(),
    // Made from `first` on, later days (clocks ahead) included: the open count needs them all.
    sql<{ day: string; count: number }>`
      select ${dayOf('reports.created_at')} as day, count(*)::int as count
      from ${reports(sql`created_at >= ${from}`)}
      group by 1`.execute(db),
    sql<{ day: string; count: number; median: number | null }>`
      select ${dayOf('reports.resolved_at')} as day, count(*)::int as count,
        round(percentile_cont(0.5) within group (order by ${waited}))::int as median
      from ${reports(sql`resolved_at >= ${from}`)}
      group by 1`.execute(db),
    sql<{ count: number }>`select count(*)::int as count from ${reports(sql`resolved_at is null`)}`.execute(db),
  ]);
  const usersByDay = byDay(users);
  const listingsByDay = byDay(listings);
  const ordersByDay = byDay(orders);
  const madeByDay = byDay(made.rows);
  const actedByDay = byDay(acted.rows);

  // Back from now, day by day: open at the end of a day = open at the end of the next + acted on
  // that next day - made that next day. Anything dated after `last` comes first.
  const after = (rows: { day: string; count: number }[]) =>
    rows.reduce((sum, row) => (row.day > last ? sum + row.count : sum), 0);
  let openAfter = (open.rows[0]?.count ?? 0) + after(acted.rows) - after(made.rows);
  const figures = new Map<string, DayFigures>();
  for (let day = last; day >= first; day = addDays(day, -1)) {
    const order = ordersByDay.get(day);
    figures.set(day, {
      new_users: usersByDay.get(day)?.count ?? 0,
      listings_published: listingsByDay.get(day)?.count ?? 0,
      orders_completed: order?.count ?? 0,
      orders_value_fils: order?.value ?? 0,
      reports_opened: madeByDay.get(day)?.count ?? 0,
      open_reports: openAfter,
      median_first_action_seconds: actedByDay.get(day)?.median ?? null,
    });
    openAfter += (actedByDay.get(day)?.count ?? 0) - (madeByDay.get(day)?.count ?? 0);
  }
  return figures;
}

/**
 * The median time to a first action over every report acted on from the start of `first` to the
 * end of `last`: the 30 days' own median, which the days' medians cannot give.
 */
export async function medianFirstAction(db: Db, first: string, last: string): Promise<number | null> {
  const { rows } = await sql<{ median: number | null }>`
    select round(percentile_cont(0.5) within group (order by ${waited}))::int as median
    from ${reports(sql`resolved_at >= ${dayStart(first)} and resolved_at < ${dayEnd(last)}`)}`.execute(db);
  return rows[0]?.median ?? null;
}
