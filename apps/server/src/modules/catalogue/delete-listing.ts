import type { User } from '@marketplace/contracts';
import { photoStorageKeys } from '../media';
import { type ListingsContext, ownRow } from './listings-context';
import { actOnListing } from './act-on-listing';

/** A draft goes for good, photos and all; anything published is removed but kept for its history. */
export async function deleteListing(ctx: ListingsContext, seller: User, id: number): Promise<void> {
  const deletedKeys = await ctx.db.transaction().execute(async (trx) => {
    const row = await ownRow(ctx, trx, seller, id);
    if (row.status !== 'draft') return undefined;
    const photos = await ctx.listings.photos(id, trx);
    await trx.deleteFrom('listings').where('id', '=', id).execute();
    return photos.map((photo) => photo.key);
  });
  if (deletedKeys === undefined) {
    await actOnListing(ctx, seller, id, 'remove');
    return;
  }
  await deleteListingFiles(ctx, deletedKeys);
}

export async function deleteListingFiles(ctx: ListingsContext, photoKeys: readonly string[]): Promise<void> {
  for (const key of photoKeys) {
    for (const file of photoStorageKeys(key)) {
      await ctx.storage
        .delete(file)
        .catch((error: unknown) => ctx.log.warn({ err: error, file }, 'photo file not deleted'));
    }
  }
}
