import { encodeMessage, message, type User } from '@marketplace/contracts';
import { ValidationError } from '../../plugins/validation';
import type { ListingsContext } from './listings-context';

/** A new draft, in the seller's own city; the wizard fills in the rest as it goes. */
export async function createDraft(ctx: ListingsContext, seller: User, categoryId: number | null): Promise<number> {
  if (categoryId !== null && !(await ctx.categories.find(categoryId, 'en'))) {
    throw ValidationError.forField('category_id', encodeMessage(message('listing.unknownCategory')));
  }
  const cityId = await ctx.listings.profileCity(seller.id);
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('listings')
      .values({
        seller_id: seller.id,
        category_id: categoryId,
        city_id: cityId,
        attributes: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.listings.recordEvent(trx, { listingId: id, actorId: seller.id, type: 'created' });
    return id;
  });
}
