import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam } from '../http/route-params';
import { encodeMessage, message, type MessageKey } from '../i18n/message';
import { reportDetailsProblem, reportProblemMessage } from '../catalogue/listing-report-rules';

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

/** POST /api/users/:userId/report: a reason, and details (required for "other"), plain text. */
export const userReportSchema = z
  .strictObject(
    {
      reason: z.enum(userReportReasons, { error: () => encodeMessage(message('report.reasonRequired')) }),
      details: z.optional(z.nullable(z.string({ error: () => encodeMessage(message('laravel.invalidValue')) }))),
    },
    { error: () => encodeMessage(message('laravel.invalidValue')) },
  )
  .check(
    z.superRefine((value, context) => {
      // The same rules as a listing's report: details optional but for "other", plain text, 1 000 at most.
      const problem = reportDetailsProblem({ reason: value.reason, details: value.details ?? null });
      if (problem) {
        context.addIssue({ code: 'custom', path: ['details'], message: encodeMessage(reportProblemMessage(problem)) });
      }
    }),
  );
export type UserReportRequest = z.input<typeof userReportSchema>;

/** Reporting a person (issue 29), from their public page. One report per person and reporter. */
export const USER_REPORT_ROUTES = {
  reportUser: defineRoute({
    method: 'POST',
    path: '/api/users/:userId/report',
    params: z.object({ userId: int4IdParam }),
    body: userReportSchema,
  }),
} as const;
