import { DASHBOARD_DAYS, type Dashboard } from '@marketplace/contracts/staff';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countDays, type DayFigures } from './count-days';
import { DailyFiguresRepository } from './daily-figures-repository';
import { dayEnd, lastDays } from './utc-days';

/**
 * A day is stored only once it has been over this long: a transaction that began before midnight
 * and commits just after writes rows dated the day before, which a count at 00:00:01 would miss.
 */
export const SETTLE_MS = 10 * 60 * 1000;

/**
 * The dashboard's 30 days (issue 29). A finished day is counted once and kept in daily_figures; a day
 * missing from it (the first visit, a day nobody looked at) is counted then. Today, and a day that
 * ended less than SETTLE_MS ago, are counted at every visit and never kept. Days are UTC days.
 */
export async function readDashboard(db: Kysely<Database>, now: Date): Promise<Dashboard> {
  const days = lastDays(now, DASHBOARD_DAYS);
  const first = days[0] as string;
  const today = days.at(-1) as string;
  const repository = new DailyFiguresRepository(db);

  const stored = await repository.between(first, today);
  const settled = (day: string) => dayEnd(day).getTime() + SETTLE_MS <= now.getTime();
  const toCount = days.filter((day) => !(settled(day) && stored.has(day)));
  // One count from the oldest day not kept to today: each figure is one range of one index.
  const { days: counted, median } = await countDays(db, toCount[0] ?? today, today, first);
  await repository.store(
    toCount.filter(settled).flatMap((day) => {
      const figures = counted.get(day);
      return figures ? [[day, figures] as [string, DayFigures]] : [];
    }),
  );

  const figuresOf = (day: string): DayFigures => {
    const figures = (settled(day) && stored.get(day)) || counted.get(day);
    if (!figures) throw new Error(`no figures for ${day}`);
    return figures;
  };
  const rows = days.map((day) => ({ day, ...figuresOf(day) }));
  const sum = (figure: keyof Omit<DayFigures, 'median_first_action_seconds' | 'open_reports'>) =>
    rows.reduce((total, row) => total + row[figure], 0);
  return {
    days: rows,
    totals: {
      new_users: sum('new_users'),
      listings_published: sum('listings_published'),
      orders_completed: sum('orders_completed'),
      orders_value_fils: sum('orders_value_fils'),
      reports_opened: sum('reports_opened'),
      open_reports: rows.at(-1)?.open_reports ?? 0,
      median_first_action_seconds: median,
    },
    as_of: now.toISOString(),
  };
}
