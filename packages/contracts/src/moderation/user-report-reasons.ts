import type { MessageKey } from '../i18n/message';

/**
 * What a person's public page needs to report them, without a single schema (the seller page is a
 * public page: catalogue-essentials exports this, and the report form loads it with no zod).
 */

/** Why someone reports a person (their page's "Report"), each one a moderator can act on. */
export const userReportReasons = ['scam', 'harassment', 'impersonation', 'spam', 'offensive', 'other'] as const;
export type UserReportReason = (typeof userReportReasons)[number];

export const USER_REPORT_REASON_NAMES = {
  scam: 'userReport.reason.scam',
  harassment: 'userReport.reason.harassment',
  impersonation: 'userReport.reason.impersonation',
  spam: 'userReport.reason.spam',
  offensive: 'userReport.reason.offensive',
  other: 'userReport.reason.other',
} as const satisfies Record<UserReportReason, MessageKey>;

/** POST /api/users/:userId/report's address (USER_REPORT_ROUTES.reportUser), for a page that has no route table. */
export const userReportUrl = (userId: number) => `/api/users/${userId}/report`;
