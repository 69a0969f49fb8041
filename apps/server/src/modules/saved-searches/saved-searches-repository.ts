import {
  API_MESSAGES,
  encodeMessage,
  message,
  SAVED_SEARCH_LIMITS,
  type SavedSearch,
  type SavedSearchAlerts,
} from '@marketplace/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SavedSearchesTable } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { normalisedQuery } from './saved-search-matches';

export type SavedSearchRow = Selectable<SavedSearchesTable>;

const DAY_MS = 24 * 3600 * 1000;
const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

export const toSavedSearch = (row: SavedSearchRow, newMatches: number): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query,
  alerts: row.alerts,
  created_at: row.created_at.toISOString(),
  new_matches: newMatches,
});

/** Saved searches: each user's own, by id; anyone else's is a 404. */
export class SavedSearchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: number): Promise<SavedSearchRow[]> {
    return this.db
      .selectFrom('saved_searches')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  async own(userId: number, id: number): Promise<SavedSearchRow> {
    const row = await this.db
      .selectFrom('saved_searches')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /**
   * Saves `query` under `name`; the same search saved again is the same row, renamed (one per
   * user and query). Alerts look at listings published from now on.
   */
  async save(
    userId: number,
    input: { name: string; query: string; alerts: SavedSearchAlerts },
    now = new Date(),
  ): Promise<SavedSearchRow> {
    const query = normalisedQuery(input.query);
    if (query === undefined) throw ValidationError.forField('query', encodeMessage(message('laravel.invalidValue')));
    const { count, same } = await this.db
      .selectFrom('saved_searches')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number>`count(*) filter (where query = ${query})::int`.as('same'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (same === 0 && count >= SAVED_SEARCH_LIMITS.perUser) {
      throw new HttpError(409, message('savedSearches.full', { max: SAVED_SEARCH_LIMITS.perUser }));
    }
    const values = {
      name: input.name.trim(),
      alerts: input.alerts,
      next_digest_at: input.alerts === 'daily' ? new Date(now.getTime() + DAY_MS) : null,
    };
    const row = await this.db
      .insertInto('saved_searches')
      .values({ user_id: userId, query, ...values, seen_at: now, checked_at: now })
      .onConflict((conflict) => conflict.constraint('saved_searches_once').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  async change(
    userId: number,
    id: number,
    changes: { name?: string | undefined; alerts?: SavedSearchAlerts | undefined },
    now = new Date(),
  ): Promise<SavedSearchRow> {
    const row = await this.own(userId, id);
    const alerts = changes.alerts ?? row.alerts;
    const turnedOn = alerts !== row.alerts;
    return this.db
      .updateTable('saved_searches')
      .set({
        ...(changes.name !== undefined && { name: changes.name.trim() }),
        alerts,
        // Alerts switched on look forward, not back at everything since the search was saved.
        ...(turnedOn && {
          checked_at: now,
          next_digest_at: alerts === 'daily' ? new Date(now.getTime() + DAY_MS) : null,
        }),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async remove(userId: number, id: number): Promise<void> {
    const deleted = await this.db
      .deleteFrom('saved_searches')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notFound();
  }

  async seen(userId: number, id: number, now = new Date()): Promise<SavedSearchRow> {
    await this.own(userId, id);
    return this.db
      .updateTable('saved_searches')
      .set({ seen_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
