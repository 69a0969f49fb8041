import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DayFigures } from './count-days';

/** daily_figures: one finished UTC day's figures, written once. */
export class DailyFiguresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored days from `first` to `last`. */
  async between(first: string, last: string): Promise<Map<string, DayFigures>> {
    const rows = await this.db
      .selectFrom('daily_figures')
      .select([
        'day',
        'new_users',
        'listings_published',
        'orders_completed',
        'orders_value_fils',
        'reports_opened',
        'open_reports',
        'median_first_action_seconds',
      ])
      .where('day', '>=', first)
      .where('day', '<=', last)
      .execute();
    return new Map(rows.map(({ day, ...figures }) => [day, figures]));
  }

  /** Keeps finished days; a day another request stored meanwhile keeps its row. */
  async store(days: [string, DayFigures][]): Promise<void> {
    if (days.length === 0) return;
    await this.db
      .insertInto('daily_figures')
      .values(days.map(([day, figures]) => ({ day, ...figures })))
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
  }
}
