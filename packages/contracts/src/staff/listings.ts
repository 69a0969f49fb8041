import { z } from 'zod/mini';
import { listingStatuses } from '../catalogue/listing-fields';
import { pricePeriods } from '../catalogue/trade-kinds';
import { defineRoute } from '../http/api-route';
import { encodeMessage, message } from '../i18n/message';
import { adminCursor, adminPageLimit, adminQueryId, adminSearchText } from './users';

/**
 * The back-office's listings (issue 29): every listing in any state, newest first, searched by
 * title or id and filtered by state, category (with its sub-categories), seller and open reports.
 */

const invalid = () => encodeMessage(message('laravel.invalidValue'));

/** GET /api/admin/listings. `reported=1`: only listings with open reports. */
export const adminListingsQuerySchema = z.object({
  q: z.optional(adminSearchText),
  status: z.optional(z.enum(listingStatuses, { error: invalid })),
  category: z.optional(adminQueryId),
  seller: z.optional(adminQueryId),
  reported: z.optional(z.literal('1', { error: invalid })),
  cursor: z.optional(adminCursor),
  limit: z.optional(adminPageLimit),
});
export type AdminListingsQuery = z.input<typeof adminListingsQuerySchema>;

export const adminListingRowSchema = z.object({
  id: z.number(),
  /** A draft may have none yet: ''. */
  title: z.string(),
  /** The public page's slug; null for a draft, which has no public page. */
  slug: z.nullable(z.string()),
  status: z.enum(listingStatuses),
  price_fils: z.nullable(z.number()),
  /** A rent's period: its price is per year or per month. */
  price_period: z.nullable(z.enum(pricePeriods)),
  /** The cover photo's thumbnail address, if it has photos. */
  thumb: z.nullable(z.string()),
  seller: z.object({ id: z.number(), name: z.string() }),
  category: z.nullable(z.object({ id: z.number(), name: z.string() })),
  open_reports: z.number(),
  created_at: z.number(),
  /** Set while the seller is suspended: out of search and lists. */
  hidden: z.boolean(),
});
export type AdminListingRow = z.infer<typeof adminListingRowSchema>;

export const adminListingsPageSchema = z.object({
  data: z.array(adminListingRowSchema),
  next_cursor: z.nullable(z.string()),
});
export type AdminListingsPage = z.infer<typeof adminListingsPageSchema>;

export const ADMIN_LISTINGS_ROUTES = {
  listings: defineRoute({
    method: 'GET',
    path: '/api/admin/listings',
    querystring: adminListingsQuerySchema,
    response: { 200: adminListingsPageSchema },
    cursor: 'id',
  }),
} as const;
