import type { User } from '@marketplace/contracts';
import { reviewUntil } from './order-machine';
import { conflict, lockOrder, notFound, roleOf, type OrdersContext } from './orders-context';
import { addToRating } from './user-ratings';

/**
 * A side reviews the other, once, within the window after completion; the subject's rating counts it
 * in the same transaction, and `order.reviewed` tells the other side.
 */
export async function reviewOrder(
  { events }: OrdersContext,
  user: User,
  id: number,
  input: { rating: number; text: string | null },
  now: Date,
): Promise<void> {
  await events.run(async (unit) => {
    const order = await lockOrder(unit.db, id);
    const role = order ? roleOf(order, user.id) : null;
    if (!order || !role) throw notFound();
    if (order.status !== 'completed') throw conflict('order.reviewNotOpen');
    const until = reviewUntil(order.completed_at);
    if (!until || now.getTime() >= until.getTime()) throw conflict('order.reviewClosed');
    const subject = role === 'buyer' ? order.seller_id : order.buyer_id;
    const stored = await unit.db
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
    await addToRating(unit.db, subject, input.rating);
    await unit.emit('order.reviewed', { order, side: role, subjectId: subject, rating: input.rating });
  });
}
