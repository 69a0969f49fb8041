import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the lists of a person's page share (user-lists.ts, user-report-lists.ts): where they are
 * read, the shape of a list, and the checks of what a cursor holds.
 */

export type Db = Kysely<Database>;

/** A live session as the session store lists it (its id is never shown, nor put in a cursor). */
export interface LiveSession {
  handle: string;
  userAgent: string | null;
  createdAt: Date;
  lastActivityAt: Date;
}

/** Where the lists are read: the database, and the session store's live sessions of a person. */
export interface UserListSources {
  db: Db;
  sessionsOf: (userId: number) => Promise<readonly LiveSession[]>;
}

/** A row's place in its list's order, as its cursor holds it after the list's name. */
export type Place = readonly unknown[];

/**
 * One list of a person's page: its rows after `place` in its order (newest first), as many as
 * `limit`, each with its own place; and how many rows it holds in all.
 */
export interface UserList<Row> {
  rows(
    sources: UserListSources,
    userId: number,
    place: Place | undefined,
    limit: number,
  ): Promise<{ row: Row; place: Place }[]>;
  total(sources: UserListSources, userId: number): Promise<number>;
  /** The place a cursor holds, checked: undefined for anything this list never wrote. */
  readPlace(parts: unknown[]): Place | undefined;
}

const INT4_MAX = 2_147_483_647;
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= INT4_MAX;
/** timestamptz's first instant (4714-11-24 BC), in microseconds since 1970. */
const TIMESTAMPTZ_MIN_MICROS = -210_866_803_200_000_000;
/** A time in microseconds since 1970 as PostgreSQL writes it, within timestamptz's range (18 digits end long before its last). */
export const isMicros = (value: unknown): value is string =>
  typeof value === 'string' && /^-?[0-9]{1,18}$/.test(value) && Number(value) >= TIMESTAMPTZ_MIN_MICROS;
export const isMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 8.64e15;

export const count = sql<number>`count(*)::int`;
