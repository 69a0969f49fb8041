import { encodeMessage, message } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import { recountRatings } from '../../modules/orders';
import type { Database } from '../schema';
import {
  MEMBER_MONTHS,
  memberSince,
  planDemoHistory,
  type HistoryListing,
  type PlannedOrder,
} from './plan-demo-history';

/** pg_advisory_xact_lock's keys: the catalogue's class ("demo"), and 0, which no seller's id is. */
const LOCK_CLASS = 0x64656d6f;
const MARK = 'demo:%';
const DAY_MS = 24 * 3600 * 1000;

/** Whether the demo's history is there: its orders carry the buyer's keys `demo:<n>`. One query. */
async function historySeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('client_key', 'like', MARK).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * The demo's history (plan-demo-history.ts), once, in one transaction: the accounts' join dates moved
 * months back, then the orders, their audit rows, reviews and conversations written in a handful of
 * batch inserts, the units open orders hold reserved, and the ratings counted. A second start finds
 * the orders and stops; two starts at once wait for each other on the lock and the second stops too.
 */
export async function seedDemoHistory(db: Kysely<Database>, now = new Date()): Promise<void> {
  if (await historySeeded(db)) return;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, 0)`.execute(trx);
    if (await historySeeded(trx)) return;
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email', 'created_at'])
      .where('email', 'in', Object.keys(MEMBER_MONTHS))
      .execute();
    const idOf = new Map(users.map((user) => [user.email, user.id]));
    const emailOf = new Map(users.map((user) => [user.id, user.email]));
    for (const user of users) {
      const since = memberSince(user.email, now);
      if (user.created_at > since) {
        await sql`update users set created_at = ${since} where id = ${user.id}`.execute(trx);
      }
    }
    const listings = await historyListings(trx, [...idOf.values()], emailOf);
    const plan = planDemoHistory(listings, now);
    if (plan.length === 0) return;
    await writeOrders(trx, plan, idOf);
  });
}

/** The demo sellers' listings an order may be for: sold, reserved, or on sale with stock, in categories sold by order. */
async function historyListings(
  trx: Kysely<Database>,
  sellerIds: number[],
  emailOf: Map<number, string>,
): Promise<HistoryListing[]> {
  if (sellerIds.length === 0) return [];
  const { rows } = await sql<Omit<HistoryListing, 'seller'> & { seller_id: number }>`
    select listings.id, listings.seller_id, listings.status, listings.quantity, listings.price_fils,
      listings.published_at, listings.ended_at, listings.updated_at
    from listings join categories on categories.id = listings.category_id
    where listings.seller_id in (${sql.join(sellerIds)})
      and listings.status in ('active', 'sold', 'reserved') and listings.published_at is not null
      and listings.price_fils > 0 and categories.trade_kind = 'items'
    order by listings.id`.execute(trx);
  return rows.map(({ seller_id, ...row }) => ({ ...row, seller: emailOf.get(seller_id) ?? '' }));
}

const lineOf = (action: string, by: 'buyer' | 'seller' | null) =>
  encodeMessage(message('chat.orderStep', { event: message('order.event', { action, who: by ?? 'clock' }) }));

async function writeOrders(trx: Kysely<Database>, plan: PlannedOrder[], idOf: Map<string, number>) {
  const id = (email: string) => {
    const found = idOf.get(email);
    if (found === undefined) throw new Error(`${email} was not seeded`);
    return found;
  };
  const stepAt = (order: PlannedOrder, action: string) =>
    order.steps.find((step) => step.action === action)?.at ?? null;
  const lastAt = (order: PlannedOrder) => order.steps.at(-1)?.at ?? new Date();
  const deadline = (order: PlannedOrder) =>
    order.status === 'requested'
      ? new Date(lastAt(order).getTime() + 2 * DAY_MS)
      : order.status === 'handed_over'
        ? new Date(lastAt(order).getTime() + 7 * DAY_MS)
        : null;

  const stored = await trx
    .insertInto('orders')
    .values(
      plan.map((order) => ({
        listing_id: order.listing.id,
        buyer_id: id(order.buyer),
        seller_id: id(order.listing.seller),
        kind: 'buy' as const,
        status: order.status,
        awaiting: order.status === 'requested' ? ('seller' as const) : null,
        quantity: 1,
        unit_price_fils: order.listing.price_fils,
        listed_price_fils: order.listing.price_fils,
        delivery_method: 'pickup' as const,
        client_key: order.key,
        deadline_at: deadline(order),
        created_at: order.steps[0]?.at ?? new Date(),
        updated_at: lastAt(order),
        accepted_at: stepAt(order, 'accept'),
        handed_over_at: stepAt(order, 'hand_over'),
        received_at: stepAt(order, 'confirm_receipt'),
        completed_at: stepAt(order, 'complete'),
        ended_at: stepAt(order, 'complete'),
        // Settled: past the reminder's point, or reviewed; the clock reminds the rest when their time comes.
        review_reminded_at: null,
      })),
    )
    .returning(['id', 'client_key'])
    .execute();
  const orderId = new Map(stored.map((row) => [row.client_key, row.id]));
  const idFor = (order: PlannedOrder) => orderId.get(order.key) ?? 0;

  await trx
    .insertInto('order_events')
    .values(
      plan.flatMap((order) =>
        order.steps.map((step) => ({
          order_id: idFor(order),
          actor_id: step.by === null ? null : id(step.by === 'buyer' ? order.buyer : order.listing.seller),
          action: step.action,
          from_status: step.from,
          to_status: step.to,
          data: JSON.stringify(step.action === 'request' ? { price_fils: order.listing.price_fils, quantity: 1 } : {}),
          created_at: step.at,
        })),
      ),
    )
    .execute();

  const reviews = plan.flatMap((order) =>
    order.reviews.map((review) => ({
      order_id: idFor(order),
      author_id: id(review.side === 'buyer' ? order.buyer : order.listing.seller),
      subject_id: id(review.side === 'buyer' ? order.listing.seller : order.buyer),
      side: review.side,
      rating: review.rating,
      text: review.text,
      created_at: review.at,
    })),
  );
  if (reviews.length > 0) await trx.insertInto('reviews').values(reviews).execute();

  // The units open orders hold, on their listings (a reserved listing's last one).
  for (const order of plan.filter((candidate) => ['accepted', 'handed_over'].includes(candidate.status))) {
    await trx
      .updateTable('listings')
      .set({ reserved: sql<number>`reserved + 1` })
      .where('id', '=', order.listing.id)
      .execute();
  }

  await writeConversations(trx, plan, id);
  await recountRatings(trx, [...new Set(reviews.map((review) => review.subject_id))]);
}

/**
 * Each order's conversation: the people's words, then a line for each step as the app writes it, all
 * read and already covered by e-mail (no e-mail goes out at start about messages of weeks ago).
 */
async function writeConversations(trx: Kysely<Database>, plan: PlannedOrder[], id: (email: string) => number) {
  const conversations = await trx
    .insertInto('conversations')
    .values(
      plan.map((order) => ({
        listing_id: order.listing.id,
        buyer_id: id(order.buyer),
        seller_id: id(order.listing.seller),
        created_at: order.chat[0]?.at ?? order.steps[0]?.at ?? new Date(),
      })),
    )
    .onConflict((conflict) => conflict.columns(['listing_id', 'buyer_id']).doNothing())
    .returning(['id', 'listing_id', 'buyer_id'])
    .execute();
  const conversationOf = new Map(conversations.map((row) => [`${row.listing_id}/${row.buyer_id}`, row.id]));
  const lines = plan.flatMap((order) => {
    const conversation = conversationOf.get(`${order.listing.id}/${id(order.buyer)}`);
    if (conversation === undefined) return [];
    const said = order.chat.map((line) => ({
      conversation_id: conversation,
      sender_id: id(line.by === 'buyer' ? order.buyer : order.listing.seller),
      kind: 'text' as const,
      body: line.text,
      client_id: null,
      created_at: line.at,
    }));
    const steps = order.steps.map((step) => ({
      conversation_id: conversation,
      sender_id: null,
      kind: 'system' as const,
      body: lineOf(step.action, step.by),
      client_id: null,
      created_at: step.at,
    }));
    return [...said, ...steps].toSorted((a, b) => a.created_at.getTime() - b.created_at.getTime());
  });
  if (lines.length === 0) return;
  await trx.insertInto('messages').values(lines).execute();
  await sql`update conversations set
      last_message_id = last.id, buyer_read_id = last.id, seller_read_id = last.id,
      buyer_mailed_id = last.id, seller_mailed_id = last.id
    from (
      select conversation_id, max(id) as id from messages
      where conversation_id in (${sql.join([...conversationOf.values()])})
      group by conversation_id
    ) as last
    where conversations.id = last.conversation_id`.execute(trx);
}
