import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import {
  reportDetailsProblem,
  reportProblemMessage,
  reportReasons,
  type ListingReportValues,
} from './listing-report-rules';

/** POST /api/listings/:id/report: a reason, and details for a moderator (plain text; required for "other"). */
export const listingReportSchema = z
  .strictObject(
    {
      reason: z.enum(reportReasons, { error: () => encodeMessage(message('report.reasonRequired')) }),
      details: z.optional(z.nullable(z.string({ error: () => encodeMessage(message('laravel.invalidValue')) }))),
    },
    { error: () => encodeMessage(message('laravel.invalidValue')) },
  )
  .check(
    z.superRefine((value, context) => {
      const problem = reportDetailsProblem({ reason: value.reason, details: value.details ?? null });
      if (problem) {
        context.addIssue({ code: 'custom', path: ['details'], message: encodeMessage(reportProblemMessage(problem)) });
      }
    }),
  );
export type ListingReportRequest = z.input<typeof listingReportSchema>;

export const listingReportResponseSchema = z.object({
  data: z.object({ listing_id: z.number(), reason: z.enum(reportReasons) }),
});

export type { ListingReportValues };
