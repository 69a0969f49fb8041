import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import { isInt4Id, isInt4IdText } from '../rules/column-ranges';
import { ruledText } from '../rules/zod-fields';
import { supportManualStates } from './support-essentials';
import {
  supportMessageSchema,
  supportMessageText,
  supportStates,
  supportTicketSchemaOut,
  supportTicketSummarySchema,
  supportTopics,
} from './support-tickets';

/** The back-office's side of support (issue 30): the queue, a ticket with its notes, canned answers. */

export const SUPPORT_QUEUE_PAGE_SIZE = 25;
export const CANNED_LIMITS = { titleMax: 120, bodyMax: 5000, countMax: 200 } as const;

const invalid = () => encodeMessage(message('laravel.invalidValue'));
const bodyId = z.int({ error: invalid }).check(z.refine(isInt4Id, { error: invalid }));

/** GET /api/admin/support: a state's tickets (all open ones when none), mine or nobody's, newest first by id. */
export const supportQueueQuerySchema = z.strictObject(
  {
    state: z.optional(z.enum([...supportStates, 'open'], { error: invalid })),
    assignee: z.optional(z.enum(['me', 'nobody'], { error: invalid })),
    cursor: z.optional(
      z.pipe(z.string({ error: invalid }).check(z.refine(isInt4IdText, { error: invalid })), z.transform(Number)),
    ),
  },
  { error: invalid },
);

export const supportQueueRowSchema = z.object({
  ...supportTicketSummarySchema.shape,
  /** The user's name, or the visitor's with their address. */
  requester: z.string(),
  user_id: z.nullable(z.number()),
  assignee: z.nullable(z.object({ id: z.number(), name: z.string() })),
  locale: z.string(),
});
export type SupportQueueRow = z.infer<typeof supportQueueRowSchema>;

export const supportQueueSchema = z.object({
  data: z.array(supportQueueRowSchema),
  next_cursor: z.nullable(z.string()),
  counts: z.record(z.enum(supportStates), z.number()),
});
export type SupportQueue = z.infer<typeof supportQueueSchema>;

export const staffSupportMessageSchema = z.object({
  ...supportMessageSchema.shape,
  /** A note among staff: never shown or sent to the user. */
  internal: z.boolean(),
});
export type StaffSupportMessage = z.infer<typeof staffSupportMessageSchema>;

export const staffSupportTicketSchema = z.object({
  data: z.object({
    ...supportTicketSchemaOut.shape,
    messages: z.array(staffSupportMessageSchema),
    requester: z.string(),
    email: z.string(),
    user_id: z.nullable(z.number()),
    /** The language the user reads the team's answers in. */
    locale: z.string(),
    assignee: z.nullable(z.object({ id: z.number(), name: z.string() })),
    /** Who may be assigned: every staff member who may answer. */
    assignable: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});
export type StaffSupportTicket = z.infer<typeof staffSupportTicketSchema>['data'];

/** A reply to the user, or an internal note (`internal: true`). */
export const staffSupportReplySchema = z.strictObject(
  { body: supportMessageText, internal: z.optional(z.boolean({ error: invalid })) },
  { error: invalid },
);
export type StaffSupportReplyRequest = z.input<typeof staffSupportReplySchema>;

export const supportStateChangeSchema = z.strictObject(
  { state: z.enum(supportManualStates, { error: () => encodeMessage(message('admin.support.stateRequired')) }) },
  { error: invalid },
);

export const supportAssignSchema = z.strictObject({ assignee_id: z.nullable(bodyId) }, { error: invalid });

const cannedTitle = (label: 'admin.support.field.titleEn' | 'admin.support.field.titleAr') =>
  ruledText({ label, rules: { required: true, max: CANNED_LIMITS.titleMax } });
const cannedBody = (label: 'admin.support.field.bodyEn' | 'admin.support.field.bodyAr') =>
  ruledText({ label, rules: { required: true, max: CANNED_LIMITS.bodyMax } }, { multiline: true });

/** A saved reply in both languages: the reply box takes the one in the ticket's user's language. */
export const cannedAnswerInputSchema = z.strictObject(
  {
    title_en: cannedTitle('admin.support.field.titleEn'),
    title_ar: cannedTitle('admin.support.field.titleAr'),
    body_en: cannedBody('admin.support.field.bodyEn'),
    body_ar: cannedBody('admin.support.field.bodyAr'),
  },
  { error: invalid },
);
export type CannedAnswerInput = z.input<typeof cannedAnswerInputSchema>;

export const cannedAnswerSchema = z.object({
  id: z.number(),
  title_en: z.string(),
  title_ar: z.string(),
  body_en: z.string(),
  body_ar: z.string(),
});
export type CannedAnswer = z.infer<typeof cannedAnswerSchema>;

export const cannedAnswersSchema = z.object({ data: z.array(cannedAnswerSchema) });

export { supportStates, supportTopics };
