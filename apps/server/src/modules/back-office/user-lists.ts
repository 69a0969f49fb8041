import { encodeMessage, listingSlug, message, orderTotalFils } from '@marketplace/contracts';
import {
  ADMIN_USER_PAGE_LIST,
  type AdminUserList,
  type AdminUserListPage,
  type AdminUserListRows,
} from '@marketplace/contracts/staff';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ValidationError } from '../../plugins/validation';
import { describeUserAgent } from '../account';
import { fullName } from './people';

import { count, isId, isMs, type Place, type UserList, type UserListSources } from './user-list-kit';
import { REPORT_LISTS, reports } from './user-report-lists';

export type { LiveSession, UserListSources } from './user-list-kit';

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
        .select(['id', 'title', 'status', 'price_fils', 'price_period', 'created_at'])
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
        price_period: row.price_period,
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
