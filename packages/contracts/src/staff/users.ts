import { z } from 'zod/mini';
import { deviceKinds } from '../account/account-addresses';
import { accountTypes } from '../auth';
import { listingStatuses } from '../catalogue/listing-fields';
import { pricePeriods } from '../catalogue/trade-kinds';
import { defineRoute } from '../http/api-route';
import { idParamsSchema, int4IdParam } from '../http/route-params';
import { encodeMessage, message } from '../i18n/message';
import { isInt4IdText } from '../rules/column-ranges';
import { ruledText } from '../rules/zod-fields';
import { STAFF_ROLES } from './staff-rules';

/**
 * The back-office's users (issue 29): search by name, e-mail or id; one person's page with what
 * support needs to answer them; resend the verification e-mail; end every session. Times are ms
 * since 1970, as elsewhere in the back-office.
 */

const invalid = () => encodeMessage(message('laravel.invalidValue'));

export const ADMIN_SEARCH_LIMITS = {
  /** The longest search text. */
  queryMax: 100,
  pageDefault: 25,
  pageMax: 50,
  /** Names match by trigrams from this many characters; shorter text matches an e-mail's start and an id. */
  nameMin: 3,
} as const;

/** The search box: plain text, trimmed, at most ADMIN_SEARCH_LIMITS.queryMax characters. */
export const adminSearchText = ruledText({ label: 'admin.field.search', rules: { max: ADMIN_SEARCH_LIMITS.queryMax } });

/** A page cursor as the API writes them (page-cursor.ts); decoding it is the server's. */
export const adminCursor = z.string({ error: invalid }).check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: invalid }));

/** How many rows a page holds: 1 to ADMIN_SEARCH_LIMITS.pageMax. */
export const adminPageLimit = z.pipe(
  z.string({ error: invalid }).check(z.regex(/^[0-9]{1,3}$/, { error: invalid })),
  z.pipe(
    z.transform(Number),
    z.int().check(z.gte(1, { error: invalid }), z.lte(ADMIN_SEARCH_LIMITS.pageMax, { error: invalid })),
  ),
);

/** An id in a query string (?seller=12): an `integer` column's, as digits. */
export const adminQueryId = z.pipe(
  z.string({ error: invalid }).check(z.refine(isInt4IdText, { error: invalid })),
  z.transform(Number),
);

/** GET /api/admin/users: one box; all digits also match the id. */
export const adminUsersQuerySchema = z.object({
  q: z.optional(adminSearchText),
  cursor: z.optional(adminCursor),
  limit: z.optional(adminPageLimit),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** A suspension in force: since when, until when (null: for good), why (a moderation reason). */
export const adminSuspensionSchema = z.object({
  since: z.number(),
  until: z.nullable(z.number()),
  reason: z.nullable(z.string()),
});
export type AdminSuspension = z.infer<typeof adminSuspensionSchema>;

/** One row of the users' search. */
export const adminUserRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  account_type: z.enum(accountTypes),
  joined_at: z.number(),
  verified: z.boolean(),
  role: z.nullable(z.enum(STAFF_ROLES)),
  suspension: z.nullable(adminSuspensionSchema),
  /** When the account was deleted (its personal fields erased); null while it exists. */
  deleted_at: z.nullable(z.number()),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  data: z.array(adminUserRowSchema),
  next_cursor: z.nullable(z.string()),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

const listingRef = z.object({ id: z.number(), title: z.string() });

/** A person's listing, latest first. */
export const adminUserListingSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The public page's slug (none for a draft, which has no public page). */
  slug: z.nullable(z.string()),
  status: z.enum(listingStatuses),
  price_fils: z.nullable(z.number()),
  /** A rent's period: its price is per year or per month. */
  price_period: z.nullable(z.enum(pricePeriods)),
  created_at: z.number(),
});

/** An order the person placed or received. */
export const adminUserOrderSchema = z.object({
  id: z.number(),
  listing: listingRef,
  /** The other side: the seller of a purchase, the buyer of a sale. */
  other: z.object({ id: z.number(), name: z.string() }),
  status: z.string(),
  amount_fils: z.number(),
  created_at: z.number(),
});

export const reportKinds = ['listing', 'conversation', 'user'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** A report as the user page lists it: about what, by whom, why, and what became of it. */
export const adminUserReportSchema = z.object({
  kind: z.enum(reportKinds),
  id: z.number(),
  /** The listing, conversation or person reported: its moderation screen is /admin/moderation/{kind}/{target_id}. */
  target_id: z.number(),
  /** The listing's title, the conversation's listing's title, or the person's name. */
  target: z.string(),
  /** Who reported (null: an account since deleted). */
  reporter: z.nullable(z.object({ id: z.number(), name: z.string() })),
  reason: z.string(),
  created_at: z.number(),
  /** null while open. */
  resolved_at: z.nullable(z.number()),
  outcome: z.nullable(z.string()),
});
export type AdminUserReport = z.infer<typeof adminUserReportSchema>;

/** A live session: the device as its browser named it, and when it was last used; never its id. */
export const adminUserSessionSchema = z.object({
  device: z.enum(deviceKinds),
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  signed_in_at: z.number(),
  last_active_at: z.number(),
});

export type AdminUserListing = z.infer<typeof adminUserListingSchema>;
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;
export type AdminUserSession = z.infer<typeof adminUserSessionSchema>;

/** How many rows each list of the user page shows at first, and how many more each "Show more" brings. */
export const ADMIN_USER_PAGE_LIST = 20;

/**
 * The lists of a person's page, each newest first and paged by a cursor of its own (a cursor of one
 * list is refused by another): listings by id; orders by id; reports by time to the microsecond,
 * then kind and id; sessions by when they began.
 */
export const ADMIN_USER_LISTS = [
  'listings',
  'purchases',
  'sales',
  'conversation_reports',
  'reports_made',
  'reports_against',
  'sessions',
] as const;
export type AdminUserList = (typeof ADMIN_USER_LISTS)[number];

/** What a row of each list is. */
export interface AdminUserListRows {
  listings: AdminUserListing;
  purchases: AdminUserOrder;
  sales: AdminUserOrder;
  conversation_reports: AdminUserReport;
  reports_made: AdminUserReport;
  reports_against: AdminUserReport;
  sessions: AdminUserSession;
}

/** One page of a list: how many rows it holds in all, these rows, and the cursor of the next page (null: none). */
const listPage = <Row extends z.ZodMiniType>(row: Row) =>
  z.object({ total: z.number(), data: z.array(row), next_cursor: z.nullable(z.string()) });

export interface AdminUserListPage<L extends AdminUserList = AdminUserList> {
  total: number;
  data: AdminUserListRows[L][];
  next_cursor: string | null;
}

/** GET /api/admin/users/:id: the profile and the first page of each list. */
export const adminUserSchema = z.object({
  profile: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    account_type: z.enum(accountTypes),
    company: z.nullable(z.object({ name: z.string(), web: z.nullable(z.string()) })),
    joined_at: z.number(),
    verified_at: z.nullable(z.number()),
    /** The language they chose ('en', 'ar'); null until they chose one. */
    locale: z.nullable(z.string()),
    deleted_at: z.nullable(z.number()),
    suspension: z.nullable(adminSuspensionSchema),
    role: z.nullable(z.enum(STAFF_ROLES)),
  }),
  listings: listPage(adminUserListingSchema),
  purchases: listPage(adminUserOrderSchema),
  sales: listPage(adminUserOrderSchema),
  /** Reports of conversations they take part in, whoever made them. */
  conversation_reports: listPage(adminUserReportSchema),
  reports_made: listPage(adminUserReportSchema),
  /** Of their listings, of conversations by the other side, and of them as a person. */
  reports_against: listPage(adminUserReportSchema),
  sessions: listPage(adminUserSessionSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users/:id/:list: the page of that list after `cursor` (the list's `next_cursor`). */
export const adminUserListParamsSchema = z.object({ id: int4IdParam, list: z.enum(ADMIN_USER_LISTS) });
export const adminUserListQuerySchema = z.object({ cursor: z.optional(adminCursor) });
/** Any list's page; AdminUserListPage<L> says which rows a given list holds. */
export const adminUserListPageSchema = listPage(
  z.union([adminUserListingSchema, adminUserOrderSchema, adminUserReportSchema, adminUserSessionSchema]),
);

export const endSessionsResultSchema = z.object({ signed_out: z.number() });

export const USERS_ROUTES = {
  users: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    querystring: adminUsersQuerySchema,
    response: { 200: adminUsersPageSchema },
    cursor: 'id',
  }),
  user: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id',
    params: idParamsSchema,
    response: { 200: adminUserSchema },
  }),
  /** The next page of one list of the person's page; an unknown list is a 404, a cursor not of this list a 422. */
  userList: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id/:list',
    params: adminUserListParamsSchema,
    querystring: adminUserListQuerySchema,
    response: { 200: adminUserListPageSchema },
  }),
  /** A new verification link by e-mail (204); 409 for an address proved already or a deleted account. */
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/verification',
    params: idParamsSchema,
  }),
  /** Signs the person out everywhere, their real-time connections too; answers how many sessions ended. */
  endSessions: defineRoute({
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions',
    params: idParamsSchema,
    response: { 200: endSessionsResultSchema },
  }),
} as const;
