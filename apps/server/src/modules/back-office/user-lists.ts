import { encodeMessage, listingSlug, message, orderTotalFils } from '@marketplace/contracts';
import {
  ADMIN_USER_PAGE_LIST,
  reportKinds,
  type AdminUserList,
  type AdminUserListPage,
  type AdminUserListRows,
  type ReportKind,
} from '@marketplace/contracts/staff';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../plugins/validation';
import { describeUserAgent } from '../account';
import { fullName, msOrNull } from './people';

type Db = Kysely<Database>;

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
type Place = readonly unknown[];

/**
 * One list of a person's page: its rows after `place` in its order (newest first), as many as
 * `limit`, each with its own place; and how many rows it holds in all.
 */
interface UserList<Row> {
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
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= INT4_MAX;
/** timestamptz's first instant (4714-11-24 BC), in microseconds since 1970. */
const TIMESTAMPTZ_MIN_MICROS = -210_866_803_200_000_000;
/** A time in microseconds since 1970 as PostgreSQL writes it, within timestamptz's range (18 digits end long before its last). */
const isMicros = (value: unknown): value is string =>
  typeof value === 'string' && /^-?[0-9]{1,18}$/.test(value) && Number(value) >= TIMESTAMPTZ_MIN_MICROS;
const isMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 8.64e15;

const count = sql<number>`count(*)::int`;

// ---- Listings and orders: by id, newest first.

const idPlace = (parts: unknown[]): Place | undefined => (parts.length === 1 && isId(parts[0]) ? parts : undefined);
/** A list keyed by id: newest first, the ids below the place's (all of them for the first page). */
const newestById = <DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  id: 'listings.id' | 'orders.id',
  place: Place | undefined,
  limit: number,
) =>
  query
    .where(place === undefined ? sql<boolean>`true` : sql<boolean>`${sql.ref(id)} < ${Number(place[0])}`)
    .orderBy(sql.ref(id), 'desc')
    .limit(limit);

const listings: UserList<AdminUserListRows['listings']> = {
  async rows({ db }, userId, place, limit) {
    const rows = await newestById(
      db
        .selectFrom('listings')
        .select(['id', 'title', 'status', 'price_fils', 'created_at'])
        .where('seller_id', '=', userId),
      'listings.id',
      place,
      limit,
    ).execute();
    return rows.map((row) => ({
      place: [row.id],
      row: {
        id: row.id,
        title: row.title ?? '',
        slug: row.status === 'draft' ? null : listingSlug(row.title),
        status: row.status,
        price_fils: row.price_fils,
        created_at: row.created_at.getTime(),
      },
    }));
  },
  async total({ db }, userId) {
    const row = await db
      .selectFrom('listings')
      .select(count.as('count'))
      .where('seller_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.count;
  },
  readPlace: idPlace,
};

function orders(side: 'buyer' | 'seller'): UserList<AdminUserListRows['purchases']> {
  const own = side === 'buyer' ? 'orders.buyer_id' : 'orders.seller_id';
  const other = side === 'buyer' ? 'orders.seller_id' : 'orders.buyer_id';
  return {
    async rows({ db }, userId, place, limit) {
      const query = db
        .selectFrom('orders')
        .innerJoin('listings', 'listings.id', 'orders.listing_id')
        .innerJoin('users as other', 'other.id', other)
        .select([
          'orders.id',
          'orders.status',
          'orders.quantity',
          'orders.unit_price_fils',
          'orders.delivery_fee_fils',
          'orders.created_at',
          'listings.id as listing_id',
          'listings.title',
          'other.id as other_id',
          fullName('other').as('other_name'),
        ])
        .where(own, '=', userId);
      const rows = await newestById(query, 'orders.id', place, limit).execute();
      return rows.map((row) => ({
        place: [row.id],
        row: {
          id: row.id,
          listing: { id: row.listing_id, title: row.title ?? '' },
          other: { id: row.other_id, name: row.other_name },
          status: row.status,
          amount_fils: orderTotalFils(row),
          created_at: row.created_at.getTime(),
        },
      }));
    },
    async total({ db }, userId) {
      const row = await db
        .selectFrom('orders')
        .select(count.as('count'))
        .where(own, '=', userId)
        .executeTakeFirstOrThrow();
      return row.count;
    },
    readPlace: idPlace,
  };
}

// ---- Reports: three tables, one order (time to the microsecond, newest first; then kind; then id, newest first).

/** Each report table as `r`, joined to what names its target. */
const REPORT_TABLES: Readonly<
  Record<ReportKind, { from: RawBuilder<unknown>; targetId: RawBuilder<number>; target: RawBuilder<string> }>
> = {
  listing: {
    from: sql`listing_reports r join listings l on l.id = r.listing_id`,
    targetId: sql`r.listing_id`,
    target: sql`l.title`,
  },
  conversation: {
    from: sql`conversation_reports r join conversations c on c.id = r.conversation_id join listings l on l.id = c.listing_id`,
    targetId: sql`r.conversation_id`,
    target: sql`l.title`,
  },
  user: {
    from: sql`user_reports r join users about on about.id = r.user_id`,
    targetId: sql`r.user_id`,
    target: fullName('about'),
  },
};

/** Which reports of each table a list holds, for the person `userId`. */
type ReportFilters = Partial<Record<ReportKind, (userId: number) => RawBuilder<boolean>>>;

const inConversation = (userId: number) => sql<boolean>`${userId} in (c.buyer_id, c.seller_id)`;

const REPORT_LISTS = {
  /** Reports of the conversations they take part in, on either side, by whoever made them. */
  conversation_reports: { conversation: inConversation },
  reports_made: {
    listing: (userId) => sql<boolean>`r.reporter_id = ${userId}`,
    conversation: (userId) => sql<boolean>`r.reporter_id = ${userId}`,
    user: (userId) => sql<boolean>`r.reporter_id = ${userId}`,
  },
  /** Of their listings; of their conversations, made by the other side; of them as a person. */
  reports_against: {
    listing: (userId) => sql<boolean>`l.seller_id = ${userId}`,
    conversation: (userId) => sql<boolean>`${inConversation(userId)} and r.reporter_id is distinct from ${userId}`,
    user: (userId) => sql<boolean>`r.user_id = ${userId}`,
  },
} satisfies Record<'conversation_reports' | 'reports_made' | 'reports_against', ReportFilters>;

interface ReportRow {
  id: number;
  target_id: number;
  target: string | null;
  reporter_id: number | null;
  reporter_name: string | null;
  reason: string;
  created_at: Date;
  resolved_at: Date | null;
  outcome: string | null;
  micros: string;
}

const rank = (kind: ReportKind) => reportKinds.indexOf(kind);

/**
 * The rows of `kind` after the place `[micros, kind, id]` in the reports' order: older, or as old
 * and of a later kind, or as old, of this kind and an older id.
 */
function afterPlace(kind: ReportKind, place: Place | undefined): RawBuilder<boolean> {
  if (!place) return sql<boolean>`true`;
  const [micros, placeKind, id] = place as [string, ReportKind, number];
  const at = sql`timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond'`;
  if (rank(kind) > rank(placeKind)) return sql<boolean>`r.created_at <= ${at}`;
  if (rank(kind) < rank(placeKind)) return sql<boolean>`r.created_at < ${at}`;
  return sql<boolean>`(r.created_at, r.id) < (${at}, ${id}::int)`;
}

/** One query serves every list of reports: each table's rows the list holds, after a place, newest first. */
async function reportRows(
  db: Db,
  kind: ReportKind,
  where: RawBuilder<boolean>,
  place: Place | undefined,
  limit: number,
) {
  const table = REPORT_TABLES[kind];
  const { rows } = await sql<ReportRow>`select r.id, ${table.targetId} as target_id, ${table.target} as target,
      r.reporter_id, ${fullName('reporter')} as reporter_name, r.reason, r.created_at, r.resolved_at, r.outcome,
      (extract(epoch from r.created_at) * 1000000)::bigint::text as micros
    from ${table.from} left join users reporter on reporter.id = r.reporter_id
    where ${where} and ${afterPlace(kind, place)}
    order by r.created_at desc, r.id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({
    place: [row.micros, kind, row.id] as Place,
    at: BigInt(row.micros),
    row: {
      kind,
      id: row.id,
      target_id: row.target_id,
      target: row.target ?? '',
      reporter: row.reporter_id === null ? null : { id: row.reporter_id, name: row.reporter_name ?? '' },
      reason: row.reason,
      created_at: row.created_at.getTime(),
      resolved_at: msOrNull(row.resolved_at),
      outcome: row.outcome,
    },
  }));
}

function reports(filters: ReportFilters): UserList<AdminUserListRows['reports_made']> {
  const kinds = reportKinds.filter((kind) => filters[kind]);
  const where = (kind: ReportKind, userId: number) => filters[kind]?.(userId) ?? sql<boolean>`false`;
  return {
    async rows({ db }, userId, place, limit) {
      const lists = await Promise.all(kinds.map((kind) => reportRows(db, kind, where(kind, userId), place, limit)));
      return lists
        .flat()
        .sort(
          (a, b) =>
            (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) || rank(a.row.kind) - rank(b.row.kind) || b.row.id - a.row.id,
        )
        .slice(0, limit)
        .map(({ row, place: rowPlace }) => ({ row, place: rowPlace }));
    },
    async total({ db }, userId) {
      const counts = await Promise.all(
        kinds.map(async (kind) => {
          const { rows } = await sql<{ count: number }>`select ${count} as count
            from ${REPORT_TABLES[kind].from} where ${where(kind, userId)}`.execute(db);
          return rows[0]?.count ?? 0;
        }),
      );
      return counts.reduce((sum, each) => sum + each, 0);
    },
    readPlace: (parts) =>
      parts.length === 3 &&
      isMicros(parts[0]) &&
      typeof parts[1] === 'string' &&
      (reportKinds as readonly string[]).includes(parts[1]) &&
      filters[parts[1] as ReportKind] &&
      isId(parts[2])
        ? parts
        : undefined,
  };
}

// ---- Sessions: the session store's live ones, by when they began (newest first), then handle.

const sessions: UserList<AdminUserListRows['sessions']> = {
  async rows({ sessionsOf }, userId, place, limit) {
    const [ms, handle] = (place ?? [Infinity, '']) as [number, string];
    return (
      [...(await sessionsOf(userId))]
        // Handles in code-unit order, as the cursor compares them (localeCompare's order is another).
        .sort(
          (a, b) =>
            b.createdAt.getTime() - a.createdAt.getTime() || (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0),
        )
        .filter((session) => {
          const at = session.createdAt.getTime();
          return at < ms || (at === ms && session.handle > handle);
        })
        .slice(0, limit)
        .map((session) => ({
          place: [session.createdAt.getTime(), session.handle],
          row: {
            ...describeUserAgent(session.userAgent),
            signed_in_at: session.createdAt.getTime(),
            last_active_at: session.lastActivityAt.getTime(),
          },
        }))
    );
  },
  async total({ sessionsOf }, userId) {
    return (await sessionsOf(userId)).length;
  },
  readPlace: (parts) =>
    parts.length === 2 && isMs(parts[0]) && typeof parts[1] === 'string' && /^[A-Za-z0-9_-]{22}$/.test(parts[1])
      ? parts
      : undefined,
};

const LISTS: { [L in AdminUserList]: UserList<AdminUserListRows[L]> } = {
  listings,
  purchases: orders('buyer'),
  sales: orders('seller'),
  conversation_reports: reports(REPORT_LISTS.conversation_reports),
  reports_made: reports(REPORT_LISTS.reports_made),
  reports_against: reports(REPORT_LISTS.reports_against),
  sessions,
};

/** A cursor: base64url of a JSON array, the list's name, then the last row's place. */
const encodeCursor = (list: AdminUserList, place: Place): string =>
  Buffer.from(JSON.stringify([list, ...place])).toString('base64url');

/** The place a cursor of `list` holds; anything else (another list's cursor too) is a 422 on `cursor`. */
function decodeCursor(list: AdminUserList, text: string): Place {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const place = Array.isArray(parsed) && parsed[0] === list ? LISTS[list].readPlace(parsed.slice(1)) : undefined;
  if (!place) throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
  return place;
}

/**
 * A page of one list of the person's page: the first (no cursor) or the one after `cursor`, with the
 * list's total and the next page's cursor. The person is not looked up: a list of nobody is empty.
 */
export async function readUserList<L extends AdminUserList>(
  sources: UserListSources,
  userId: number,
  list: L,
  cursor?: string,
): Promise<AdminUserListPage<L>> {
  const place = cursor === undefined ? undefined : decodeCursor(list, cursor);
  const reader = LISTS[list] as UserList<AdminUserListRows[L]>;
  const [rows, total] = await Promise.all([
    reader.rows(sources, userId, place, ADMIN_USER_PAGE_LIST + 1),
    reader.total(sources, userId),
  ]);
  const page = rows.slice(0, ADMIN_USER_PAGE_LIST);
  const last = page.at(-1);
  return {
    total,
    data: page.map(({ row }) => row),
    next_cursor: rows.length > ADMIN_USER_PAGE_LIST && last ? encodeCursor(list, last.place) : null,
  };
}
