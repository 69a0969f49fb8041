import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { int4IdParam } from '../http/route-params';
import { encodeMessage, message } from '../i18n/message';
import { reportDetailsProblem, reportProblemMessage } from '../catalogue/listing-report-rules';
import { userReportReasons } from './user-report-reasons';

export * from './user-report-reasons';

/** POST /api/users/:userId/report: a reason, and details (required for "other"), plain text. */
export const userReportSchema = z
  .strictObject(
    {
      reason: z.enum(userReportReasons, { error: () => encodeMessage(message('userReport.reasonRequired')) }),
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
