import { LISTING_ACTION_NAMES, LISTING_STATUS_NAMES, hasProblems, message, type User } from '@marketplace/contracts';
import { HttpError } from '../../plugins/errors';
import { allows, lifetimeFrom, TRANSITIONS, type SellerTransition } from './listing-lifecycle';
import { publishingProblems, toValidationError, valuesOf } from './listing-values';
import { type ListingsContext, ownRow } from './listings-context';

/** A seller's change of state; out of turn it is refused with 409, an incomplete listing with 422. */
export async function actOnListing(
  ctx: ListingsContext,
  seller: User,
  id: number,
  transition: SellerTransition,
  now = new Date(),
): Promise<void> {
  await ctx.events.run(async (unit) => {
    const trx = unit.db;
    const row = await ownRow(ctx, trx, seller, id);
    if (!allows(transition, row.status, row.expires_at, now)) {
      throw new HttpError(
        409,
        message('listing.outOfTurn', {
          action: message(LISTING_ACTION_NAMES[transition === 'remove' ? 'delete' : transition]),
          status: message(LISTING_STATUS_NAMES[row.status]),
        }),
      );
    }
    const rule = TRANSITIONS[transition];
    const set: Partial<Record<'published_at' | 'expires_at' | 'reminded_at' | 'ended_at', Date | null>> = {};
    if (transition === 'publish') {
      const problems = await publishingProblems(
        ctx.rules,
        seller,
        valuesOf(row),
        (await ctx.listings.photos(id, trx)).length,
      );
      if (hasProblems(problems)) throw toValidationError(problems);
      Object.assign(set, { published_at: now, expires_at: lifetimeFrom(now) });
    }
    if (transition === 'renew') {
      const from = row.status === 'expired' || !row.expires_at ? now : row.expires_at;
      Object.assign(set, { expires_at: lifetimeFrom(from), reminded_at: null, ended_at: null });
    }
    if (transition === 'mark_sold' || transition === 'remove') set.ended_at = now;
    await trx
      .updateTable('listings')
      .set({ ...set, status: rule.to, updated_at: now })
      .where('id', '=', id)
      .execute();
    const changes = { status: { from: row.status, to: rule.to } };
    await ctx.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: rule.event, changes });
    await unit.emit('listing.changed', {
      listingId: id,
      sellerId: seller.id,
      title: row.title ?? '',
      before: { status: row.status, price_fils: row.price_fils },
      after: { status: rule.to, price_fils: row.price_fils },
      at: now,
    });
  });
  ctx.categories.invalidate();
}
