import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';

/** The dashboard shows this many UTC days, today (counted so far) the last of them. */
export const DASHBOARD_DAYS = 30;

/**
 * One UTC day's figures. A report is a listing's, a conversation's or a user's; its first action is
 * the moment moderation resolved it (`resolved_at`).
 */
const dayFigures = {
  /** Accounts made that day. */
  new_users: z.number(),
  /** Listings first published that day (`published_at`), whatever became of them since. */
  listings_published: z.number(),
  /** Orders completed that day (`completed_at`). */
  orders_completed: z.number(),
  /** What those orders were worth, in fils (1 AED = 100 fils): units at the agreed price, and delivery. */
  orders_value_fils: z.number(),
  /** Reports made that day. */
  reports_opened: z.number(),
  /** Reports still open at the end of the day (today: now). */
  open_reports: z.number(),
  /**
   * The median time, in seconds, from a report to moderation's first action on it, over the reports
   * acted on that day; null when none was.
   */
  median_first_action_seconds: z.nullable(z.number()),
};

export const dashboardDaySchema = z.object({
  /** 'yyyy-mm-dd', UTC. */
  day: z.string(),
  ...dayFigures,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** GET /api/admin/dashboard: the last 30 days, oldest first, with their totals. */
export const dashboardSchema = z.object({
  data: z.object({
    /** DASHBOARD_DAYS days, oldest first; the last is today, counted up to `as_of`. */
    days: z.array(dashboardDaySchema),
    /**
     * The 30 days together: the sums, `open_reports` as it is now, and the median time to a first
     * action over every report acted on in the 30 days (not a median of the days' medians).
     */
    totals: z.object(dayFigures),
    /** When today's figures were counted (ISO 8601). */
    as_of: z.string(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>['data'];

/** The back-office's dashboard (issue 29): staff whose role has 'dashboard.view'. */
export const DASHBOARD_ROUTES = {
  dashboard: defineRoute({ method: 'GET', path: '/api/admin/dashboard', response: { 200: dashboardSchema } }),
} as const;
