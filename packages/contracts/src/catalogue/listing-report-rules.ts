import { message, type Message, type MessageKey } from '../i18n/message';
import { characterCount, isPlainText } from '../rules/values';

/**
 * Why someone reports a listing: the reasons the classifieds sites of the region offer, each one a
 * moderator can act on. "Other" needs details, as it says nothing by itself.
 */
export const reportReasons = [
  'scam',
  'prohibited',
  'counterfeit',
  'misleading',
  'duplicate',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const REPORT_LIMITS = { detailsMax: 1000 } as const;

/** Each reason as the report form offers it. */
export const REPORT_REASON_NAMES = {
  scam: 'report.reason.scam',
  prohibited: 'report.reason.prohibited',
  counterfeit: 'report.reason.counterfeit',
  misleading: 'report.reason.misleading',
  duplicate: 'report.reason.duplicate',
  offensive: 'report.reason.offensive',
  other: 'report.reason.other',
} as const satisfies Record<ReportReason, MessageKey>;

export interface ListingReportValues {
  reason: ReportReason;
  details: string | null;
}

export type ReportProblem = 'required' | 'tooLong' | 'notText';

/**
 * What is wrong with a report's details, if anything: the one check the form makes as the user
 * types and the API makes again (listingReportSchema), so both say the same thing.
 */
export function reportDetailsProblem({
  reason,
  details,
}: {
  reason: string;
  details: string | null;
}): ReportProblem | undefined {
  const text = details?.trim() ?? '';
  if (!isPlainText(text, { multiline: true })) return 'notText';
  if (characterCount(text) > REPORT_LIMITS.detailsMax) return 'tooLong';
  if (reason === 'other' && text === '') return 'required';
  return undefined;
}

/** The message for a problem with a report's details, as the form and the API show it. */
export function reportProblemMessage(problem: ReportProblem): Message {
  if (problem === 'tooLong') {
    return message('rule.max', { field: message('report.details'), length: REPORT_LIMITS.detailsMax });
  }
  return message(problem === 'required' ? 'report.detailsRequired' : 'laravel.invalidValue');
}
