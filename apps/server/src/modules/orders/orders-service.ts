import {
  encodeMessage,
  FINISHED_ORDER_STATUSES,
  listingSlug,
  message,
  needsAction,
  OPEN_ORDER_STATUSES,
  ORDER_TOTALS_MONTHS,
  orderActionProblems,
  orderTotalFils,
  type ListingStatus,
  type Locale,
  type NewOrder,
  type NotificationData,
  type Order,
  type OrderAction,
  type OrderEvent,
  type OrderMonthTotals,
  type OrderRole,
  type OrderStatus,
  type OrderSummary,
  type User,
} from '@marketplace/contracts';
import { translators } from '@marketplace/contracts/i18n/catalogues';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import type { Updateable } from 'kysely';
import { HttpError } from '../../plugins/errors';
import { blockBetween } from '../blocks/blocks-repository';
import { ValidationError } from '../../plugins/validation';
import { PHOTO_PATH_PREFIX } from '../catalogue/listing-photos-files';
import type { ListingChange } from '../catalogue/listings-service';
import type { NotificationEvent, Notified } from '../notifications/notify';
import {
  allowedActions,
  cannotBeFilled,
  CLOCK_ACTIONS,
  deadlineFor,
  refusal,
  reviewUntil,
  RULES,
  unitsLeft,
  type AnyAction,
  type ClockAction,
} from './order-machine';
import { unfillableRequests } from './unfillable-requests';

type OrderRow = Selectable<OrdersTable>;

/** What the service tells people through: the notifications module, and real time after commit. */
export interface OrderOutlets {
  notify(trx: Kysely<Database>, event: NotificationEvent): Promise<Notified>;
  announce(results: readonly Notified[]): Promise<void>;
  /** An order changed: both sides' open pages refetch it (private-user channels). */
  orderChanged(order: { id: number; buyer_id: number; seller_id: number }): Promise<void>;
  /** A listing's stock or state changed: its open product pages refetch it. */
  listingChanged(listingId: number): Promise<void>;
  /**
   * A listing's state changed (reserved, live again, sold): the catalogue's listeners (favourites'
   * alerts) are told inside the transaction; what it answers runs after commit.
   */
  listingStatusChanged(trx: Kysely<Database>, change: ListingChange): Promise<() => Promise<void>>;
  /**
   * A step of the order, as a system message in the conversation between its buyer and seller about
   * the listing (chat), written in the same transaction; what it answers runs after commit.
   */
  orderStep(trx: Kysely<Database>, step: OrderStep): Promise<() => Promise<void>>;
}

/** One transition, for the order's conversation. */
export interface OrderStep {
  listingId: number;
  buyerId: number;
  sellerId: number;
  action: AnyAction | 'request';
  /** Who took it: a side, or null for the clock. */
  actor: OrderRole | null;
}

/** What a transition changed, to announce once it has committed. */
interface Applied {
  order: OrderRow;
  notified: Notified[];
  listingChanged: boolean;
  /** Work after commit: the catalogue listeners' when the listing's state changed, the conversation's news. */
  afterListingChange: (() => Promise<void>)[];
}

/** Requests lapsed side by side after an Accept: well within the pool, which other requests share. */
const LAPSES_AT_ONCE = 4;

const notFound = () => new HttpError(404, message('api.notFound'));
/** An Accept what is left cannot fill, answered in words for whoever pressed it: the seller, or a buyer taking a counter-offer. */
const unfillableRefusal = (role: OrderRole, listingStatus: ListingStatus, left: number) =>
  role === 'seller'
    ? message('order.lapsedForSeller')
    : listingStatus === 'active' && left > 0
      ? message('order.notEnoughStock', { available: left })
      : message('order.listingUnavailable');
const conflict = (text: Parameters<typeof message>[0], values?: Parameters<typeof message>[1]) =>
  new HttpError(409, message(text, values));

/** Statuses in which the other side's contact details are shown: the order is on. */
const CONTACT_SHOWN: readonly OrderStatus[] = ['accepted', 'handed_over', 'received', 'completed', 'disputed'];

const roleOf = (order: { buyer_id: number; seller_id: number }, userId: number): OrderRole | null =>
  order.buyer_id === userId ? 'buyer' : order.seller_id === userId ? 'seller' : null;

const PATH = (id: number) => `/orders/${id}`;

/**
 * The orders module's one owner of the state machine (order-machine.ts; docs/decisions/021). Every
 * change is one transaction: the order's row locked first (then its listing's, when stock moves),
 * the state and the actor checked, the order updated, an audit row and the notifications written.
 * A client's key makes a retried request the same request.
 */
export class OrdersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly outlets: OrderOutlets,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Buy or Make an offer: a new request the seller answers. Answers the order's id (the existing one for a retried key). */
  async create(
    buyer: User,
    input: NewOrder,
    now = new Date(),
    locale?: Locale,
  ): Promise<{ id: number; created: boolean }> {
    const result = await this.db.transaction().execute(async (trx) => {
      if (input.client_key !== undefined) {
        const existing = await this.byClientKey(trx, buyer.id, input.client_key);
        if (existing) return { id: existing, created: false, notified: [] as Notified[], seller: 0 };
      }
      const listing = await trx
        .selectFrom('listings')
        .select([
          'id',
          'seller_id',
          'status',
          'title',
          'price_fils',
          'negotiable',
          'quantity',
          'reserved',
          'pickup',
          'delivery',
          'delivery_fee_fils',
        ])
        .where('id', '=', input.listing_id)
        // An Accept taking the last units waits for this request, or this request sees them gone.
        .forShare()
        .executeTakeFirst();
      if (!listing || !['active', 'reserved', 'sold', 'expired'].includes(listing.status)) {
        throw ValidationError.forField('listing_id', encodeMessage(message('order.listingUnavailable')));
      }
      if (listing.seller_id === buyer.id) throw conflict('order.ownListing');
      const block = await blockBetween(trx, buyer.id, listing.seller_id);
      if (block === 'i-blocked') throw conflict('order.youBlockedSeller');
      if (block === 'blocked-me') throw conflict('order.sellerBlockedYou');
      if (listing.status !== 'active') throw conflict('order.listingUnavailable');
      if (input.kind === 'offer' && !listing.negotiable) throw conflict('order.notNegotiable');
      const quantity = input.quantity ?? 1;
      const available = listing.quantity - listing.reserved;
      if (quantity > available) {
        throw ValidationError.forField('quantity', encodeMessage(message('order.notEnoughStock', { available })));
      }
      const method = input.delivery_method;
      if ((method === 'pickup' && !listing.pickup) || (method === 'delivery' && !listing.delivery)) {
        throw ValidationError.forField('delivery_method', encodeMessage(message('order.deliveryUnavailable')));
      }
      let address: string | null = null;
      if (method === 'delivery' && input.delivery_address) {
        const given = input.delivery_address;
        const city = await trx.selectFrom('cities').select('id').where('id', '=', given.city_id).executeTakeFirst();
        if (!city) {
          throw ValidationError.forField(
            'delivery_address.city_id',
            encodeMessage(message('rule.default', { field: message('field.city_id') })),
          );
        }
        address = JSON.stringify(given);
      }
      const listedPrice = listing.price_fils ?? 0;
      const price = input.kind === 'offer' ? (input.offer_fils ?? listedPrice) : listedPrice;
      const inserted = await trx
        .insertInto('orders')
        .values({
          listing_id: listing.id,
          buyer_id: buyer.id,
          seller_id: listing.seller_id,
          kind: input.kind,
          status: 'requested',
          awaiting: 'seller',
          quantity,
          unit_price_fils: price,
          listed_price_fils: listedPrice,
          rounds: input.kind === 'offer' ? 1 : 0,
          delivery_method: method,
          delivery_fee_fils: method === 'delivery' ? (listing.delivery_fee_fils ?? 0) : 0,
          delivery_address: address,
          note: input.note,
          client_key: input.client_key ?? null,
          deadline_at: deadlineFor('requested', now),
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflicting) => conflicting.constraint('orders_client_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // The same key arrived twice at once: the other request made it.
        const existing = await this.byClientKey(trx, buyer.id, input.client_key ?? '');
        if (existing) return { id: existing, created: false, notified: [] as Notified[], seller: 0 };
        throw conflict('order.clientKeyReused');
      }
      const event = await this.record(trx, inserted.id, buyer.id, 'request', null, 'requested', now, {
        price_fils: price,
        quantity,
      });
      const afterStep = await this.outlets.orderStep(trx, {
        listingId: listing.id,
        buyerId: buyer.id,
        sellerId: listing.seller_id,
        action: 'request',
        actor: 'buyer',
      });
      const notified = await this.outlets.notify(trx, {
        userId: listing.seller_id,
        category: 'orders',
        type: 'order.requested',
        data: { order_id: inserted.id, title: listing.title ?? '' },
        path: PATH(inserted.id),
        key: `order.requested:${inserted.id}:${event}`,
        ...(locale && { locale }),
      });
      return { id: inserted.id, created: true, notified: [notified], seller: listing.seller_id, afterStep };
    });
    if (result.created) {
      await this.outlets.announce(result.notified);
      await this.outlets.orderChanged({ id: result.id, buyer_id: buyer.id, seller_id: result.seller ?? 0 });
      if ('afterStep' in result) await result.afterStep();
    }
    return { id: result.id, created: result.created };
  }

  /**
   * `user` takes `action` on order `id`: 404 unless they are its buyer or seller, 409 with the reason
   * out of turn, 422 for a missing reason or price. With a client key, a repeat of a request already
   * applied changes nothing and answers as the first did.
   */
  async act(
    user: User,
    id: number,
    action: OrderAction,
    input: {
      reason?: string | null | undefined;
      price_fils?: number | null | undefined;
      client_key?: string | undefined;
    },
    now = new Date(),
  ): Promise<void> {
    const problems = orderActionProblems(action, input);
    if (Object.keys(problems).length > 0) {
      throw new ValidationError(
        Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [encodeMessage(problem)]])),
      );
    }
    const applied = await this.db.transaction().execute(async (trx) => {
      const order = await this.lockOrder(trx, id);
      const role = order ? roleOf(order, user.id) : null;
      if (!order || !role) throw notFound();
      if (input.client_key !== undefined) {
        const prior = await trx
          .selectFrom('order_events')
          .select('action')
          .where('order_id', '=', id)
          .where('actor_id', '=', user.id)
          .where('client_key', '=', input.client_key)
          .executeTakeFirst();
        if (prior) {
          if (prior.action !== action) throw conflict('order.clientKeyReused');
          return null;
        }
      }
      const refused = refusal(action, order, role, now);
      if (refused) throw new HttpError(409, refused);
      if (action === 'accept' || action === 'counter') {
        // A block stops a deal being made; ending one (decline, withdraw, cancel) stays open to both.
        const other = role === 'buyer' ? order.seller_id : order.buyer_id;
        const block = await blockBetween(trx, user.id, other);
        if (block === 'i-blocked') throw conflict('order.youBlockedThem');
        if (block === 'blocked-me') throw conflict('order.theyBlockedYou');
      }
      if (action === 'accept') {
        // What is left cannot fill it: the request lapses once this lets go, and the answer says so (decision 028).
        const listing = await this.lockListing(trx, order.listing_id);
        const left = unitsLeft(listing);
        if (cannotBeFilled(order.quantity, left)) return { unfillable: unfillableRefusal(role, listing.status, left) };
      }
      return this.apply(trx, order, action, {
        actorId: user.id,
        role,
        now,
        reason: input.reason ?? null,
        price: input.price_fils ?? null,
        clientKey: input.client_key ?? null,
      });
    });
    if (!applied) return;
    if ('unfillable' in applied) {
      await this.lapseOne(id, now, true);
      throw new HttpError(409, applied.unfillable);
    }
    await this.announce(applied);
    if (action === 'accept') await this.lapseUnfillable(applied.order.listing_id, now);
  }

  /**
   * After an Accept: the listing's other requests that what is left can no longer fill lapse now,
   * each in its own transaction (decision 028). Answers their ids.
   */
  async lapseUnfillable(listingId: number, now: Date): Promise<number[]> {
    return this.lapseAll(await unfillableRequests(this.db, { listingId }), now);
  }

  /**
   * The clock's sweep for what an Accept's own pass could not end: a request that arrived as the
   * last unit went, one another transaction held, a listing sold outside orders. At most `limit`.
   */
  async lapseAnyUnfillable(now: Date, limit: number): Promise<number[]> {
    return this.lapseAll(await unfillableRequests(this.db, { limit }), now);
  }

  /** A few at a time: each takes its own order and conversation, and the listing's row shared. */
  private async lapseAll(ids: readonly number[], now: Date): Promise<number[]> {
    const lapsed: number[] = [];
    for (let start = 0; start < ids.length; start += LAPSES_AT_ONCE) {
      const batch = ids.slice(start, start + LAPSES_AT_ONCE);
      const done = await Promise.all(batch.map((id) => this.lapseOne(id, now, false)));
      lapsed.push(...batch.filter((_id, index) => done[index]));
    }
    return lapsed;
  }

  /**
   * Request `id` lapses if what is left of its listing cannot fill it. Without `wait` an order another
   * transaction holds is skipped: it lapses when that one lets go (an Accept refused for want of
   * stock lapses its own request) or at the clock's next sweep.
   */
  private async lapseOne(id: number, now: Date, wait: boolean): Promise<boolean> {
    const lapsed = await this.db.transaction().execute(async (trx) => {
      const locking = trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'requested')
        .forUpdate();
      const order = await (wait ? locking : locking.skipLocked()).executeTakeFirst();
      return order ? this.lapseIfUnfillable(trx, order, now) : null;
    });
    if (!lapsed) return false;
    await this.announce(lapsed);
    return true;
  }

  /**
   * Within `trx`, with the order's row locked: its listing's row next (the order every transition
   * takes them in), shared, so lapses of one listing's requests run side by side and wait only for
   * an Accept; the request lapses if what is left cannot fill it.
   */
  private async lapseIfUnfillable(trx: Kysely<Database>, order: OrderRow, now: Date): Promise<Applied | null> {
    const listing = await this.lockListing(trx, order.listing_id, 'share');
    const left = unitsLeft(listing);
    if (!cannotBeFilled(order.quantity, left)) return null;
    return this.apply(trx, order, 'lapse', {
      actorId: null,
      role: null,
      now,
      reason: null,
      price: null,
      clientKey: null,
      available: left,
    });
  }

  /**
   * One order past its deadline moves on (the clock): claimed with `for update skip locked`, so two
   * processes never take the same one, and checked again under the lock. Answers what it did, or
   * null when nothing is due. `onlyOrder` limits it to that order (the tests' clock hook).
   */
  async advanceOne(now: Date, onlyOrder?: number): Promise<{ id: number; action: ClockAction | null } | null> {
    const applied = await this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('orders')
        .selectAll()
        .where('deadline_at', '<=', now)
        .$if(onlyOrder !== undefined, (query) => query.where('id', '=', onlyOrder ?? 0))
        .orderBy('deadline_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!due) return null;
      const action = CLOCK_ACTIONS[due.status];
      if (!action) {
        // A deadline left on a state time does not move: clear it rather than look at it again.
        await trx.updateTable('orders').set({ deadline_at: null }).where('id', '=', due.id).execute();
        this.log.warn({ order: due.id, status: due.status }, 'order deadline in a state without a timer: cleared');
        return { applied: null, id: due.id, action: null };
      }
      const done = await this.apply(trx, due, action, {
        actorId: null,
        role: null,
        now,
        reason: null,
        price: null,
        clientKey: null,
      });
      return { applied: done, id: due.id, action };
    });
    if (!applied) return null;
    if (applied.applied) await this.announce(applied.applied);
    return { id: applied.id, action: applied.action };
  }

  /** A side reviews the other, once, within the window after completion. */
  async review(
    user: User,
    id: number,
    input: { rating: number; text: string | null },
    now = new Date(),
  ): Promise<void> {
    const notified = await this.db.transaction().execute(async (trx) => {
      const order = await this.lockOrder(trx, id);
      const role = order ? roleOf(order, user.id) : null;
      if (!order || !role) throw notFound();
      if (order.status !== 'completed') throw conflict('order.reviewNotOpen');
      const until = reviewUntil(order.completed_at);
      if (!until || now.getTime() >= until.getTime()) throw conflict('order.reviewClosed');
      const subject = role === 'buyer' ? order.seller_id : order.buyer_id;
      const stored = await trx
        .insertInto('reviews')
        .values({
          order_id: id,
          author_id: user.id,
          subject_id: subject,
          side: role,
          rating: input.rating,
          text: input.text ?? '',
          created_at: now,
        })
        .onConflict((conflicting) => conflicting.constraint('reviews_once_per_side').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!stored) throw conflict('order.alreadyReviewed');
      const title = await this.titleOf(trx, order.listing_id);
      return this.outlets.notify(trx, {
        userId: subject,
        category: 'orders',
        type: 'order.reviewed',
        data: { order_id: id, title, rating: input.rating },
        path: PATH(id),
        key: `order.reviewed:${id}:${role}`,
      });
    });
    await this.outlets.announce([notified]);
    const order = await this.db
      .selectFrom('orders')
      .select(['id', 'buyer_id', 'seller_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await this.outlets.orderChanged(order);
  }

  /** One order as its buyer or seller sees it, or null for anyone else. */
  async view(user: User, id: number, locale: Locale, now = new Date()): Promise<Order | null> {
    const rows = await this.rows(locale).where('orders.id', '=', id).execute();
    const row = rows[0];
    const role = row ? roleOf(row, user.id) : null;
    if (!row || !role) return null;
    const [events, reviews, contact] = await Promise.all([
      this.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute(),
      this.db
        .selectFrom('reviews')
        .select(['side', 'rating', 'text', 'created_at', 'author_id'])
        .where('order_id', '=', id)
        .orderBy('id')
        .execute(),
      CONTACT_SHOWN.includes(row.status) ? this.contactOf(role === 'buyer' ? row.seller_id : row.buyer_id) : null,
    ]);
    const summary = this.summary(row, role, now, reviews, locale);
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
  async open(
    user: User,
    role: OrderRole,
    locale: Locale,
    now = new Date(),
  ): Promise<{ action_needed: OrderSummary[]; waiting: OrderSummary[] }> {
    const rows = await this.rows(locale)
      .where(role === 'buyer' ? 'orders.buyer_id' : 'orders.seller_id', '=', user.id)
      .where('orders.status', 'in', OPEN_ORDER_STATUSES)
      .orderBy('orders.updated_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(200)
      .execute();
    const summaries = rows.map((row) => this.summary(row, role, now, [], locale));
    return {
      action_needed: summaries.filter((order) => needsAction(order, role)),
      waiting: summaries.filter((order) => !needsAction(order, role)),
    };
  }

  /**
   * Finished orders, newest first, a page at a time (by id): as buyer, as seller, or both (no
   * role); with `q`, only those whose listing's title or other party's name holds it (any case).
   */
  async history(
    user: User,
    role: OrderRole | undefined,
    locale: Locale,
    cursor: number | undefined,
    limit: number,
    now = new Date(),
    q?: string,
  ): Promise<{ data: OrderSummary[]; next_cursor: string | null }> {
    let query = this.rows(locale)
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
        : await this.db.selectFrom('reviews').select(['order_id', 'author_id']).where('order_id', 'in', ids).execute();
    const page = rows.slice(0, limit).map((row) =>
      this.summary(
        row,
        row.buyer_id === user.id ? 'buyer' : 'seller',
        now,
        reviews.filter((review) => review.order_id === row.id),
        locale,
      ),
    );
    const last = page.at(-1);
    return { data: page, next_cursor: rows.length > limit && last ? String(last.id) : null };
  }

  /**
   * The history's totals: per calendar month of completion in the user's own time zone (their
   * profile's), what completed orders cost them as buyer and brought them as seller, newest month
   * first, the last ORDER_TOTALS_MONTHS months that had any. Summed by the database.
   */
  async monthTotals(user: User): Promise<{ data: OrderMonthTotals[]; time_zone: string }> {
    const { timezone } = await this.db
      .selectFrom('users')
      .select('timezone')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const month = sql<string>`to_char(orders.completed_at at time zone ${timezone}, 'YYYY-MM')`;
    const total = sql<number>`orders.quantity::bigint * orders.unit_price_fils + orders.delivery_fee_fils`;
    const rows = await this.db
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

  // ---- the transition itself ----

  private async apply(
    trx: Kysely<Database>,
    order: OrderRow,
    action: AnyAction,
    context: {
      actorId: number | null;
      role: OrderRole | null;
      now: Date;
      reason: string | null;
      price: number | null;
      clientKey: string | null;
      /** A lapse: the units left, fewer than the request's. */
      available?: number;
    },
  ): Promise<Applied> {
    const { now } = context;
    const rule = RULES[action];
    let listingChanged = false;
    const afterListingChange: (() => Promise<void>)[] = [];
    if (action === 'accept') listingChanged = await this.reserve(trx, order, context, now, afterListingChange);
    if (action === 'cancel') listingChanged = await this.release(trx, order, context.actorId, now, afterListingChange);
    if (action === 'complete') listingChanged = await this.sell(trx, order, now, afterListingChange);

    const ended = (FINISHED_ORDER_STATUSES as readonly OrderStatus[]).includes(rule.to);
    const changes: Updateable<OrdersTable> = {
      status: rule.to,
      awaiting: null,
      updated_at: now,
      deadline_at: deadlineFor(rule.to, now),
    };
    if (action === 'counter') {
      changes.awaiting = context.role === 'seller' ? 'buyer' : 'seller';
      changes.unit_price_fils = context.price ?? order.unit_price_fils;
      changes.rounds = order.rounds + 1;
    }
    if (action === 'accept') changes.accepted_at = now;
    if (action === 'hand_over') changes.handed_over_at = now;
    if (action === 'confirm_receipt' || action === 'auto_receive') changes.received_at = now;
    if (action === 'complete') changes.completed_at = now;
    if (ended) changes.ended_at = now;
    if (context.reason !== null) changes.reason = context.reason;
    const updated = await trx
      .updateTable('orders')
      .set(changes)
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();

    const data: Record<string, string | number | null> = {};
    if (action === 'counter') data.price_fils = updated.unit_price_fils;
    if (context.reason !== null) data.reason = context.reason;
    if (context.available !== undefined) data.available = context.available;
    const eventId = await this.record(
      trx,
      order.id,
      context.actorId,
      action,
      order.status,
      rule.to,
      now,
      data,
      context.clientKey,
    );

    afterListingChange.push(
      await this.outlets.orderStep(trx, {
        listingId: order.listing_id,
        buyerId: order.buyer_id,
        sellerId: order.seller_id,
        action,
        actor: context.role,
      }),
    );

    const title = await this.titleOf(trx, order.listing_id);
    const recipients =
      rule.tell === 'both'
        ? [order.buyer_id, order.seller_id]
        : rule.tell === 'buyer'
          ? [order.buyer_id]
          : rule.tell === 'seller'
            ? [order.seller_id]
            : [context.role === 'buyer' ? order.seller_id : order.buyer_id];
    const notificationData: NotificationData & Record<string, string | number> = { order_id: order.id, title };
    if (action === 'counter') notificationData.amount = updated.unit_price_fils / 100;
    if (action === 'cancel' || action === 'dispute') notificationData.reason = context.reason ?? '';
    if (context.available !== undefined) {
      notificationData.available = context.available;
      notificationData.quantity = order.quantity;
    }
    const notified: Notified[] = [];
    for (const userId of recipients) {
      notified.push(
        await this.outlets.notify(trx, {
          userId,
          category: 'orders',
          type: rule.notification,
          data: notificationData,
          path: PATH(order.id),
          key: `order.${action}:${order.id}:${eventId}`,
        }),
      );
    }
    return { order: updated, notified, listingChanged, afterListingChange };
  }

  /**
   * Accepting holds the units: the listing's row is locked, and the database refuses an oversell
   * whatever happens. Stock that cannot fill the order was refused before (act).
   */
  private async reserve(
    trx: Kysely<Database>,
    order: OrderRow,
    { actorId, role }: { actorId: number | null; role: OrderRole | null },
    now: Date,
    afterCommit: (() => Promise<void>)[],
  ): Promise<boolean> {
    const listing = await this.lockListing(trx, order.listing_id);
    if (listing.status !== 'active') {
      throw conflict(role === 'seller' ? 'order.notOnSaleForSeller' : 'order.listingUnavailable');
    }
    const available = listing.quantity - listing.reserved;
    if (order.quantity > available) throw conflict('order.notEnoughStock', { available });
    const reserved = listing.reserved + order.quantity;
    const status = reserved === listing.quantity ? 'reserved' : listing.status;
    await trx.updateTable('listings').set({ reserved, status, updated_at: now }).where('id', '=', listing.id).execute();
    if (status !== listing.status) {
      await this.listingEvent(trx, listing.id, actorId, 'reserved', listing.status, status, now);
      afterCommit.push(await this.tellCatalogue(trx, listing, status, now, order));
    }
    return true;
  }

  /** Cancelling gives the units back; a listing reserved by them is live again. */
  private async release(
    trx: Kysely<Database>,
    order: OrderRow,
    actorId: number | null,
    now: Date,
    afterCommit: (() => Promise<void>)[],
  ): Promise<boolean> {
    const listing = await this.lockListing(trx, order.listing_id);
    const reserved = Math.max(0, listing.reserved - order.quantity);
    const status = listing.status === 'reserved' ? 'active' : listing.status;
    await trx.updateTable('listings').set({ reserved, status, updated_at: now }).where('id', '=', listing.id).execute();
    if (status !== listing.status) {
      await this.listingEvent(trx, listing.id, actorId, 'released', listing.status, status, now);
      afterCommit.push(await this.tellCatalogue(trx, listing, status, now, order));
    }
    return true;
  }

  /** Completion sells the units it held: with none left, the listing is sold. */
  private async sell(
    trx: Kysely<Database>,
    order: OrderRow,
    now: Date,
    afterCommit: (() => Promise<void>)[],
  ): Promise<boolean> {
    const listing = await this.lockListing(trx, order.listing_id);
    const quantity = listing.quantity - order.quantity;
    const reserved = Math.max(0, listing.reserved - order.quantity);
    const soldOut = quantity === 0 && listing.status !== 'removed';
    await trx
      .updateTable('listings')
      .set({
        quantity,
        reserved,
        updated_at: now,
        ...(soldOut && { status: 'sold' as const, ended_at: now }),
      })
      .where('id', '=', listing.id)
      .execute();
    if (soldOut) {
      await this.listingEvent(trx, listing.id, null, 'sold', listing.status, 'sold', now);
      afterCommit.push(await this.tellCatalogue(trx, listing, 'sold', now, order));
    }
    return true;
  }

  /** The catalogue's listeners hear of a state an order gave the listing, as of any other change, but its buyer. */
  private tellCatalogue(
    trx: Kysely<Database>,
    listing: { id: number; seller_id: number; title: string | null; status: ListingStatus; price_fils: number | null },
    status: ListingStatus,
    now: Date,
    order: { buyer_id: number },
  ): Promise<() => Promise<void>> {
    return this.outlets.listingStatusChanged(trx, {
      listingId: listing.id,
      sellerId: listing.seller_id,
      // Only a published listing can be ordered, and publishing needs a title.
      title: listing.title ?? '',
      before: { status: listing.status, price_fils: listing.price_fils },
      after: { status, price_fils: listing.price_fils },
      at: now,
      // The buyer's own order did it: they hear of it as the order's step, not as a saved listing's news.
      actorIds: [order.buyer_id],
    });
  }

  private lockListing(trx: Kysely<Database>, id: number, lock: 'update' | 'share' = 'update') {
    const query = trx
      .selectFrom('listings')
      .select(['id', 'seller_id', 'title', 'status', 'price_fils', 'quantity', 'reserved'])
      .where('id', '=', id);
    return (lock === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirstOrThrow();
  }

  private async listingEvent(
    trx: Kysely<Database>,
    listingId: number,
    actorId: number | null,
    type: 'reserved' | 'released' | 'sold',
    from: string,
    to: string,
    now: Date,
  ): Promise<void> {
    await trx
      .insertInto('listing_events')
      .values({
        listing_id: listingId,
        actor_id: actorId,
        type,
        changes: JSON.stringify({ status: { from, to } }),
        created_at: now,
      })
      .execute();
  }

  private lockOrder(trx: Kysely<Database>, id: number) {
    return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  private async byClientKey(trx: Kysely<Database>, buyerId: number, key: string): Promise<number | undefined> {
    const row = await trx
      .selectFrom('orders')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('client_key', '=', key)
      .executeTakeFirst();
    return row?.id;
  }

  private async record(
    trx: Kysely<Database>,
    orderId: number,
    actorId: number | null,
    action: AnyAction | 'request',
    from: OrderStatus | null,
    to: OrderStatus,
    now: Date,
    data: Record<string, string | number | null>,
    clientKey: string | null = null,
  ): Promise<number> {
    const row = await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        actor_id: actorId,
        action,
        from_status: from,
        to_status: to,
        data: JSON.stringify(data),
        client_key: clientKey,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private async titleOf(trx: Kysely<Database>, listingId: number): Promise<string> {
    const row = await trx.selectFrom('listings').select('title').where('id', '=', listingId).executeTakeFirst();
    return row?.title ?? '';
  }

  private async contactOf(userId: number): Promise<Order['contact']> {
    const row = await this.db
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

  private rows(locale: Locale) {
    return this.db
      .selectFrom('orders')
      .innerJoin('listings', 'listings.id', 'orders.listing_id')
      .innerJoin('users as buyers', 'buyers.id', 'orders.buyer_id')
      .innerJoin('users as sellers', 'sellers.id', 'orders.seller_id')
      .leftJoin('cities', (join) => join.on(sql<boolean>`cities.id = (orders.delivery_address->>'city_id')::int`))
      .selectAll('orders')
      .select([
        'listings.title',
        // A deleted account's name is erased: the other party sees "Deleted user" (decision 026).
        sql<
          string | null
        >`case when buyers.deleted_at is null then buyers.first_name || ' ' || buyers.last_name end`.as('buyer_name'),
        sql<
          string | null
        >`case when sellers.deleted_at is null then sellers.first_name || ' ' || sellers.last_name end`.as(
          'seller_name',
        ),
        (eb) =>
          eb
            .selectFrom('listing_photos')
            .select('listing_photos.key')
            .whereRef('listing_photos.listing_id', '=', 'orders.listing_id')
            .orderBy('listing_photos.position')
            .limit(1)
            .as('cover_key'),
        (locale === 'ar'
          ? sql<string | null>`coalesce(cities.name_ar, cities.name)`
          : sql<string | null>`cities.name`
        ).as('delivery_city'),
      ]);
  }

  private summary(
    row: OrderRow & {
      title: string | null;
      buyer_name: string | null;
      seller_name: string | null;
      cover_key: string | null;
    },
    role: OrderRole,
    now: Date,
    reviews: readonly { author_id: number }[],
    locale: Locale,
  ): OrderSummary {
    const deletedUser = translators[locale].t('account.deletedUser');
    const me = role === 'buyer' ? row.buyer_id : row.seller_id;
    const until = reviewUntil(row.completed_at);
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      awaiting: row.awaiting,
      role,
      listing: {
        id: row.listing_id,
        title: row.title ?? '',
        slug: listingSlug(row.title),
        thumb: row.cover_key === null ? null : `${PHOTO_PATH_PREFIX}${row.cover_key}-thumb.webp`,
      },
      buyer: { id: row.buyer_id, name: row.buyer_name ?? deletedUser },
      seller: { id: row.seller_id, name: row.seller_name ?? deletedUser },
      quantity: row.quantity,
      unit_price_fils: row.unit_price_fils,
      listed_price_fils: row.listed_price_fils,
      delivery_method: row.delivery_method,
      delivery_fee_fils: row.delivery_fee_fils,
      total_fils: orderTotalFils(row),
      rounds: row.rounds,
      deadline_at: row.deadline_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      actions: allowedActions(row, role, now),
      can_review:
        row.status === 'completed' &&
        until !== null &&
        now.getTime() < until.getTime() &&
        !reviews.some((review) => review.author_id === me),
    };
  }

  private async announce(applied: Applied): Promise<void> {
    await this.outlets.announce(applied.notified);
    await this.outlets.orderChanged(applied.order);
    if (applied.listingChanged) await this.outlets.listingChanged(applied.order.listing_id);
    for (const run of applied.afterListingChange) await run();
  }
}
