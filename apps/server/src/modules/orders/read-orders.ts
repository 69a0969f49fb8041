import {
  FINISHED_ORDER_STATUSES,
  needsAction,
  OPEN_ORDER_STATUSES,
  ORDER_TOTALS_MONTHS,
  type Locale,
  type Order,
  type OrderEvent,
  type OrderMonthTotals,
  type OrderRole,
  type OrderStatus,
  type OrderSummary,
  type User,
  encodePageCursor,
} from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { reviewUntil } from './order-machine';
import { orderRows, orderSummary } from './order-rows';
import { roleOf, type OrdersContext } from './orders-context';

/** Statuses in which the other side's contact details are shown: the order is on. */
const CONTACT_SHOWN: readonly OrderStatus[] = ['accepted', 'handed_over', 'received', 'completed', 'disputed'];

/** One order as its buyer or seller sees it, or null for anyone else. */
export async function viewOrder(
  { db }: OrdersContext,
  user: User,
  id: number,
  locale: Locale,
  now: Date,
): Promise<Order | null> {
  const rows = await orderRows(db, locale).where('orders.id', '=', id).execute();
  const row = rows[0];
  const role = row ? roleOf(row, user.id) : null;
  if (!row || !role) return null;
  const [events, reviews, contact] = await Promise.all([
    db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('reviews')
      .select(['side', 'rating', 'text', 'created_at', 'author_id'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute(),
    CONTACT_SHOWN.includes(row.status) ? contactOf(db, role === 'buyer' ? row.seller_id : row.buyer_id) : null,
  ]);
  const summary = orderSummary(row, role, now, reviews, locale);
  const timeline: OrderEvent[] = events.map((event) => ({
    id: event.id,
    action: event.action,
    from: event.from_status,
    to: event.to_status,
    actor: event.actor_id === null ? null : roleOf(row, event.actor_id),
    data: event.data,
    created_at: event.created_at.toISOString(),
  }));
  const address = row.delivery_address;
  return {
    ...summary,
    delivery_address: address ? { ...address, city: row.delivery_city ?? '' } : null,
    note: row.note,
    reason: row.reason,
    contact,
    review_until: reviewUntil(row.completed_at)?.toISOString() ?? null,
    reviews: reviews.map((review) => ({
      side: review.side,
      rating: review.rating,
      text: review.text,
      created_at: review.created_at.toISOString(),
    })),
    timeline,
  };
}

/** My purchases or My sales: open orders, those waiting for me first. */
export async function openOrders(
  { db }: OrdersContext,
  user: User,
  role: OrderRole,
  locale: Locale,
  now: Date,
): Promise<{ action_needed: OrderSummary[]; waiting: OrderSummary[] }> {
  const rows = await orderRows(db, locale)
    .where(role === 'buyer' ? 'orders.buyer_id' : 'orders.seller_id', '=', user.id)
    .where('orders.status', 'in', OPEN_ORDER_STATUSES)
    .orderBy('orders.updated_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(200)
    .execute();
  const summaries = rows.map((row) => orderSummary(row, role, now, [], locale));
  return {
    action_needed: summaries.filter((order) => needsAction(order, role)),
    waiting: summaries.filter((order) => !needsAction(order, role)),
  };
}

/**
 * Finished orders, newest first, a page at a time (by id): as buyer, as seller, or both (no
 * role); with `q`, only those whose listing's title or other party's name holds it (any case).
 */
export async function orderHistory(
  { db }: OrdersContext,
  user: User,
  role: OrderRole | undefined,
  locale: Locale,
  cursor: number | undefined,
  limit: number,
  now: Date,
  q?: string,
): Promise<{ data: OrderSummary[]; next_cursor: string | null }> {
  let query = orderRows(db, locale)
    .where((eb) =>
      role === 'buyer'
        ? eb('orders.buyer_id', '=', user.id)
        : role === 'seller'
          ? eb('orders.seller_id', '=', user.id)
          : eb.or([eb('orders.buyer_id', '=', user.id), eb('orders.seller_id', '=', user.id)]),
    )
    .where('orders.status', 'in', FINISHED_ORDER_STATUSES)
    .orderBy('orders.id', 'desc')
    .limit(limit + 1);
  if (cursor !== undefined) query = query.where('orders.id', '<', cursor);
  if (q !== undefined && q !== '') {
    // The words as typed: % and _ are letters here, not patterns.
    const pattern = `%${q.replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where(
      (eb) => sql<boolean>`(
        listings.title ilike ${pattern}
        or (${eb.ref('orders.buyer_id')} <> ${user.id} and buyers.first_name || ' ' || buyers.last_name ilike ${pattern})
        or (${eb.ref('orders.seller_id')} <> ${user.id} and sellers.first_name || ' ' || sellers.last_name ilike ${pattern})
      )`,
    );
  }
  const rows = await query.execute();
  const ids = rows.slice(0, limit).map((row) => row.id);
  const reviews =
    ids.length === 0
      ? []
      : await db.selectFrom('reviews').select(['order_id', 'author_id']).where('order_id', 'in', ids).execute();
  const page = rows.slice(0, limit).map((row) =>
    orderSummary(
      row,
      row.buyer_id === user.id ? 'buyer' : 'seller',
      now,
      reviews.filter((review) => review.order_id === row.id),
      locale,
    ),
  );
  const last = page.at(-1);
  return { data: page, next_cursor: rows.length > limit && last ? encodePageCursor('id', last.id) : null };
}

/**
 * The history's totals: per calendar month of completion in the user's own time zone (their
 * profile's), what completed orders cost them as buyer and brought them as seller, newest month
 * first, the last ORDER_TOTALS_MONTHS months that had any. Summed by the database.
 */
export async function orderMonthTotals(
  { db }: OrdersContext,
  user: User,
): Promise<{ data: OrderMonthTotals[]; time_zone: string }> {
  const { timezone } = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const month = sql<string>`to_char(orders.completed_at at time zone ${timezone}, 'YYYY-MM')`;
  const total = sql<number>`orders.quantity::bigint * orders.unit_price_fils + orders.delivery_fee_fils`;
  const rows = await db
    .selectFrom('orders')
    .select([
      month.as('month'),
      sql<number>`coalesce(sum(${total}) filter (where orders.buyer_id = ${user.id}), 0)::float8`.as('spent_fils'),
      sql<number>`(count(*) filter (where orders.buyer_id = ${user.id}))::int`.as('bought'),
      sql<number>`coalesce(sum(${total}) filter (where orders.seller_id = ${user.id}), 0)::float8`.as('earned_fils'),
      sql<number>`(count(*) filter (where orders.seller_id = ${user.id}))::int`.as('sold'),
    ])
    .where((eb) => eb.or([eb('orders.buyer_id', '=', user.id), eb('orders.seller_id', '=', user.id)]))
    .where('orders.status', '=', 'completed')
    .groupBy(sql`1`)
    .orderBy(sql`1`, 'desc')
    .limit(ORDER_TOTALS_MONTHS)
    .execute();
  return { data: rows, time_zone: timezone };
}

async function contactOf(db: Kysely<Database>, userId: number): Promise<Order['contact']> {
  const row = await db
    .selectFrom('users')
    .leftJoin('addresses', 'addresses.user_id', 'users.id')
    .select(['users.first_name', 'users.last_name', 'users.email', 'addresses.phone_prefix', 'addresses.phone'])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone ? `${row.phone_prefix ?? ''}${row.phone}` : null,
  };
}
