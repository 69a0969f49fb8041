import { sql, type Kysely, type RawBuilder } from 'kysely';
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

export interface CountedDays {
  /** Each day from `first` to `last`. */
  days: Map<string, DayFigures>;
  /** The median time to a first action over every report acted on from `medianFrom` to the end of `last`. */
  median: number | null;
}

/** The UTC day of a timestamp column, as 'yyyy-mm-dd'. */
const dayOf = (column: string) => sql<string>`(${sql.ref(column)} at time zone 'UTC')::date`;

/**
 * Every report, of a listing, a conversation or a person, with when it was made and when moderation
 * first acted on it (resolved it); `where` is applied to each table, so each reads its own index.
 */
const reports = (where: RawBuilder<unknown>) => sql`(
  select created_at, resolved_at from listing_reports where ${where}
  union all select created_at, resolved_at from conversation_reports where ${where}
  union all select created_at, resolved_at from user_reports where ${where}
) as reports`;

/** The median of the seconds from a report to its first action, rounded. */
const medianWait = sql`round(percentile_cont(0.5) within group (
  order by extract(epoch from reports.resolved_at - reports.created_at)))::int`;

interface Counts {
  day: string;
  count: number;
}

interface Row {
  users: Counts[];
  listings: Counts[];
  orders: (Counts & { value: number })[];
  made: Counts[];
  acted: (Counts & { median: number | null })[];
  open_now: number;
  median: number | null;
}

/**
 * Counts the figures of every UTC day from `first` to `last` from the tables themselves, in one
 * statement: each figure reads one range of one index (migration 0021), grouped by day.
 *
 * The reports open at the end of a day are those open now, plus those acted on since, less those
 * made since (a report is acted on after it is made), so no count reads reports older than `first`.
 */
export async function countDays(
  db: Kysely<Database>,
  first: string,
  last: string,
  medianFrom: string,
): Promise<CountedDays> {
  const from = dayStart(first);
  const to = dayEnd(last);
  const byDay = (column: string, table: string, also: RawBuilder<unknown> = sql``) => sql`(
    select coalesce(json_agg(counted), '[]') from (
      select ${dayOf(column)} as day, count(*)::int as count ${also}
      from ${sql.table(table)} where ${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to}
      group by 1
    ) as counted)`;
  // Reports made and acted on are counted from the first day with no end: the open count needs
  // those dated later too (a clock ahead).
  const { rows } = await sql<Row>`select
    ${byDay('created_at', 'users')} as users,
    ${byDay('published_at', 'listings')} as listings,
    ${byDay('completed_at', 'orders', sql`, sum(quantity::bigint * unit_price_fils + delivery_fee_fils)::bigint as value`)} as orders,
    (select coalesce(json_agg(counted), '[]') from (
      select ${dayOf('reports.created_at')} as day, count(*)::int as count
      from ${reports(sql`created_at >= ${from}`)} group by 1
    ) as counted) as made,
    (select coalesce(json_agg(counted), '[]') from (
      select ${dayOf('reports.resolved_at')} as day, count(*)::int as count, ${medianWait} as median
      from ${reports(sql`resolved_at >= ${from}`)} group by 1
    ) as counted) as acted,
    (select count(*)::int from ${reports(sql`resolved_at is null`)}) as open_now,
    (select ${medianWait} from ${reports(sql`resolved_at >= ${dayStart(medianFrom)} and resolved_at < ${to}`)}) as median
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the count answered no row');
  const users = new Map(row.users.map((counted) => [counted.day, counted]));
  const listings = new Map(row.listings.map((counted) => [counted.day, counted]));
  const orders = new Map(row.orders.map((counted) => [counted.day, counted]));
  const made = new Map(row.made.map((counted) => [counted.day, counted]));
  const acted = new Map(row.acted.map((counted) => [counted.day, counted]));

  // Back from now, day by day: open at the end of a day = open at the end of the next + acted on
  // that next day - made that next day. Anything dated after `last` comes first.
  const after = (counts: Counts[]) =>
    counts.reduce((sum, counted) => (counted.day > last ? sum + counted.count : sum), 0);
  let openAtEnd = row.open_now + after(row.acted) - after(row.made);
  const days = new Map<string, DayFigures>();
  for (let day = last; day >= first; day = addDays(day, -1)) {
    days.set(day, {
      new_users: users.get(day)?.count ?? 0,
      listings_published: listings.get(day)?.count ?? 0,
      orders_completed: orders.get(day)?.count ?? 0,
      orders_value_fils: orders.get(day)?.value ?? 0,
      reports_opened: made.get(day)?.count ?? 0,
      open_reports: openAtEnd,
      median_first_action_seconds: acted.get(day)?.median ?? null,
    });
    openAtEnd += (acted.get(day)?.count ?? 0) - (made.get(day)?.count ?? 0);
  }
  return { days, median: row.median };
}
