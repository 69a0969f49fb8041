import { ORDER_LIMITS } from '@marketplace/contracts';
import { sql } from 'kysely';
import { reviewUntil } from './order-machine';
import type { OrdersContext } from './orders-context';

/** The buyer who has not reviewed the seller is reminded this many days before the window closes. */
export const REVIEW_REMINDER_DAYS_BEFORE = 3;

/**
 * The buyers' one reminder to review (issue 32), run by the order clock: every completed order whose
 * window closes within REVIEW_REMINDER_DAYS_BEFORE days, not yet marked, is marked in one statement
 * (`for update skip locked`, and only a row still unmarked), so two processes remind each buyer once;
 * those whose buyer has not reviewed and whose window is still open get `order.reviewReminderDue`
 * (a notification and an e-mail, as the buyer's settings say). An order past that point is marked
 * whatever happens to it, so the rows the clock looks at stay few. `onlyOrder`: the tests' clock hook.
 */
export async function remindReviews(
  { events }: OrdersContext,
  now: Date,
  limit: number,
  onlyOrder?: number,
): Promise<number[]> {
  return events.run(async (unit) => {
    const { rows } = await sql<{
      id: number;
      listing_id: number;
      buyer_id: number;
      seller_id: number;
      completed_at: Date;
      reviewed: boolean;
    }>`
      with due as (
        select id from orders
        where status = 'completed' and review_reminded_at is null
          and completed_at <= ${now}::timestamptz
            - make_interval(days => ${ORDER_LIMITS.reviewDays - REVIEW_REMINDER_DAYS_BEFORE})
          ${onlyOrder === undefined ? sql`` : sql`and id = ${onlyOrder}`}
        order by completed_at, id
        limit ${limit}
        for update skip locked
      )
      update orders set review_reminded_at = ${now}
      from due
      where orders.id = due.id and orders.review_reminded_at is null
      returning orders.id, orders.listing_id, orders.buyer_id, orders.seller_id, orders.completed_at,
        exists (select 1 from reviews where reviews.order_id = orders.id and reviews.side = 'buyer') as reviewed`.execute(
      unit.db,
    );
    const reminded = [];
    for (const order of rows) {
      const until = reviewUntil(order.completed_at);
      if (order.reviewed || !until || until.getTime() <= now.getTime()) continue;
      await unit.emit('order.reviewReminderDue', { order, until });
      reminded.push(order.id);
    }
    return reminded;
  });
}
