import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { CURSOR_PATTERN } from '../catalogue/api-addresses';
import { listingCardSchema } from '../catalogue/listings';
import { listingStatuses } from '../catalogue/listing-fields';
import { favouriteFilters } from './favourites-api';

const invalid = () => encodeMessage(message('laravel.invalidValue'));

export const FAVOURITES_PAGE_SIZE = { default: 24, max: 48 } as const;

/** GET /api/favourites. */
export const favouritesQuerySchema = z.object({
  show: z.optional(z.enum(favouriteFilters, { error: invalid })),
  cursor: z.optional(z.string({ error: invalid }).check(z.regex(CURSOR_PATTERN, { error: invalid }))),
  limit: z.optional(
    z.pipe(
      z.string({ error: invalid }).check(z.regex(/^[0-9]{1,3}$/, { error: invalid })),
      z.pipe(
        z.transform(Number),
        z.int().check(z.gte(1, { error: invalid }), z.lte(FAVOURITES_PAGE_SIZE.max, { error: invalid })),
      ),
    ),
  ),
});
export type FavouritesQuery = z.input<typeof favouritesQuerySchema>;

/** A saved listing, as it was when saved and as it is now. */
export const favouriteSchema = z.object({
  listing: listingCardSchema,
  saved_at: z.string(),
  saved_price_fils: z.nullable(z.number()),
  saved_status: z.enum(listingStatuses),
});
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouritesPageSchema = z.object({
  data: z.array(favouriteSchema),
  next_cursor: z.nullable(z.string()),
});
export type FavouritesPage = z.infer<typeof favouritesPageSchema>;

export const favouriteIdsSchema = z.object({ data: z.array(z.int()) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;
