import {
  encodeMessage,
  message,
  orderActionProblems,
  type ListingStatus,
  type Message,
  type OrderAction,
  type OrderRole,
  type User,
} from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { blockBetween } from '../blocks';
import { lockStock } from '../catalogue';
import { applyTransition } from './apply-transition';
import { lapseOne, lapseUnfillable } from './lapse-requests';
import { cannotBeFilled, refusal, RULES, unitsLeft } from './order-machine';
import { conflict, lockOrder, notFound, roleOf, type OrderRow, type OrdersContext } from './orders-context';

export interface ActionInput {
  reason?: string | null | undefined;
  price_fils?: number | null | undefined;
  client_key?: string | undefined;
}

/** An Accept what is left cannot fill, answered in words for whoever pressed it: the seller, or a buyer taking a counter-offer. */
const unfillableRefusal = (role: OrderRole, listingStatus: ListingStatus, left: number) =>
  role === 'seller'
    ? message('order.lapsedForSeller')
    : listingStatus === 'active' && left > 0
      ? message('order.notEnoughStock', { available: left })
      : message('order.listingUnavailable');

/**
 * An order moderation ended (its listing removed: the last step the marketplace's, with the reason)
 * is answered as such, in words for whoever acts on it, rather than by the state's name: the same
 * answer whether the removal came long before or a moment before, in a race.
 */
async function endedByModeration(trx: Kysely<Database>, order: OrderRow, role: OrderRole): Promise<Message | null> {
  if (order.status !== 'declined' && order.status !== 'cancelled') return null;
  const last = await trx
    .selectFrom('order_events')
    .select(['actor_id', sql<boolean>`data ? 'moderation_reason'`.as('moderated')])
    .where('order_id', '=', order.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last || last.actor_id !== null || !last.moderated) return null;
  return message(role === 'seller' ? 'order.removedByModerationForSeller' : 'order.removedByModeration');
}

/**
 * `user` takes `action` on order `id`: 404 unless they are its buyer or seller, 409 with the reason
 * out of turn, 422 for a missing reason or price. With a client key, a repeat of a request already
 * applied changes nothing and answers as the first did.
 */
export async function actOnOrder(
  context: OrdersContext,
  user: User,
  id: number,
  action: OrderAction,
  input: ActionInput,
  now: Date,
): Promise<void> {
  const problems = orderActionProblems(action, input);
  if (Object.keys(problems).length > 0) {
    throw new ValidationError(
      Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [encodeMessage(problem)]])),
    );
  }
  const outcome = await context.events.run(async (unit) => {
    const trx = unit.db;
    // Its sides and its listing never change: read before any lock, so a stranger locks nothing.
    const sides = await trx
      .selectFrom('orders')
      .select(['listing_id', 'buyer_id', 'seller_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!sides || !roleOf(sides, user.id)) throw notFound();
    // A step that moves stock takes the listing's row before the order's, as every unit that takes
    // both does (a moderator's removal: the listing, then its open orders), so none waits for another
    // in a circle, and PostgreSQL never picks this request as a deadlock's loser.
    const stock = RULES[action].stock ? await lockStock(trx, sides.listing_id) : null;
    const order = await lockOrder(trx, id);
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
    if (refused) throw new HttpError(409, (await endedByModeration(trx, order, role)) ?? refused);
    if (action === 'accept' || action === 'counter') {
      // A block stops a deal being made; ending one (decline, withdraw, cancel) stays open to both.
      const other = role === 'buyer' ? order.seller_id : order.buyer_id;
      const block = await blockBetween(trx, user.id, other);
      if (block === 'i-blocked') throw conflict('order.youBlockedThem');
      if (block === 'blocked-me') throw conflict('order.theyBlockedYou');
    }
    if (action === 'accept') {
      // What is left cannot fill it: the request lapses once this lets go, and the answer says so (decision 028).
      const listing = stock ?? (await lockStock(trx, order.listing_id));
      const left = unitsLeft(listing);
      if (cannotBeFilled(order.quantity, left)) return { unfillable: unfillableRefusal(role, listing.status, left) };
    }
    return applyTransition(unit, order, action, {
      actorId: user.id,
      role,
      now,
      reason: input.reason ?? null,
      price: input.price_fils ?? null,
      clientKey: input.client_key ?? null,
    });
  });
  if (!outcome) return;
  if ('unfillable' in outcome) {
    await lapseOne(context, id, now, true);
    throw new HttpError(409, outcome.unfillable);
  }
  if (action === 'accept') await lapseUnfillable(context, outcome.listing_id, now);
}
