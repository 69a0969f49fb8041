import {
  LISTING_STATUS_NAMES,
  encodeMessage,
  hasProblems,
  message,
  type ListingChanges,
  type User,
} from '@marketplace/contracts';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { EDITABLE } from './listing-lifecycle';
import { diff, mergedValues, publishingProblems, toValidationError, valuesOf } from './listing-values';
import { type ListingsContext, ownRow } from './listings-context';

/**
 * Saves `changes` (a draft as it is typed; a published listing only into another publishable
 * state). A published listing's changes are kept in its history, old and new values.
 */
export async function updateListing(
  ctx: ListingsContext,
  seller: User,
  id: number,
  changes: ListingChanges,
): Promise<void> {
  await ctx.events.run(async (unit) => {
    const trx = unit.db;
    const row = await ownRow(ctx, trx, seller, id);
    if (!EDITABLE.includes(row.status)) {
      throw new HttpError(409, message('listing.notEditable', { status: message(LISTING_STATUS_NAMES[row.status]) }));
    }
    const current = valuesOf(row);
    const next = await mergedValues(ctx.rules, seller, current, changes);
    // Units accepted orders hold cannot be edited away (orders; the database refuses it too).
    const { reserved } = await trx
      .selectFrom('listings')
      .select('reserved')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (next.quantity < reserved) {
      throw ValidationError.forField('quantity', encodeMessage(message('listing.quantityBelowReserved', { reserved })));
    }
    if (row.status !== 'draft') {
      const photoCount = (await ctx.listings.photos(id, trx)).length;
      const problems = await publishingProblems(ctx.rules, seller, next, photoCount);
      if (hasProblems(problems)) throw toValidationError(problems);
    }
    const changed = diff(current, next);
    if (Object.keys(changed).length === 0) return;
    await trx
      .updateTable('listings')
      .set({
        ...next,
        attributes: JSON.stringify(next.attributes),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    if (row.status === 'draft') return;
    await ctx.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: 'edited', changes: changed });
    if (!('price_fils' in changed)) return;
    await unit.emit('listing.changed', {
      listingId: id,
      sellerId: seller.id,
      title: next.title ?? '',
      before: { status: row.status, price_fils: current.price_fils },
      after: { status: row.status, price_fils: next.price_fils, price_period: next.price_period },
      at: new Date(),
    });
  });
  ctx.categories.invalidate();
}
