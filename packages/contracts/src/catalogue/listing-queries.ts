import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { CURSOR_PATTERN } from './api-addresses';
import { listingStatuses } from './listing-fields';

const invalid = () => encodeMessage(message('laravel.invalidValue'));

/** A query-string id: digits within PostgreSQL's integer range. */
const queryId = z.pipe(
  z.string({ error: invalid }).check(z.regex(/^[1-9][0-9]{0,9}$/, { error: invalid })),
  z.pipe(z.transform(Number), z.int().check(z.lte(2_147_483_647, { error: invalid }))),
);

export const PAGE_SIZE = { default: 24, max: 48 } as const;

const cursor = z.string({ error: invalid }).check(z.regex(CURSOR_PATTERN, { error: invalid }));
const limit = z.pipe(
  z.string({ error: invalid }).check(z.regex(/^[0-9]{1,3}$/, { error: invalid })),
  z.pipe(z.transform(Number), z.int().check(z.gte(1, { error: invalid }), z.lte(PAGE_SIZE.max, { error: invalid }))),
);

/** GET /api/listings: active listings, newest first, in a category (and its sub-categories), a city, of a seller. */
export const listingsQuerySchema = z.object({
  /** 'me': in the signed-in user's own city (their profile's), anywhere for a visitor. */
  near: z.optional(z.literal('me', { error: invalid })),
  category: z.optional(z.string({ error: invalid }).check(z.regex(/^[a-z0-9-]{1,60}$/, { error: invalid }))),
  city: z.optional(queryId),
  seller: z.optional(queryId),
  exclude: z.optional(queryId),
  cursor: z.optional(cursor),
  limit: z.optional(limit),
});
export type ListingsQuery = z.input<typeof listingsQuerySchema>;

/** My listings by state; 'ended' is sold, expired and removed together (the history page). */
export const ownListingsFilters = [...listingStatuses, 'ended'] as const;
export type OwnListingsFilter = (typeof ownListingsFilters)[number];

export const ownListingsQuerySchema = z.object({
  status: z.optional(z.enum(ownListingsFilters, { error: invalid })),
  cursor: z.optional(cursor),
  limit: z.optional(limit),
});

export const listingIdParamsSchema = z.object({ id: z.string() });

export const newListingSchema = z.object({
  category_id: z.optional(
    z.nullable(
      z.int({ error: invalid }).check(z.positive({ error: invalid }), z.lte(2_147_483_647, { error: invalid })),
    ),
  ),
});

export const photoOrderSchema = z.object({
  photo_ids: z
    .array(z.int({ error: invalid }).check(z.positive({ error: invalid }), z.lte(2_147_483_647, { error: invalid })), {
      error: invalid,
    })
    .check(z.maxLength(10, { error: invalid })),
});

export * from './api-addresses';
