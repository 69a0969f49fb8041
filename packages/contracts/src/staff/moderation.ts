import { z } from 'zod/mini';
import { encodeMessage, message } from '../i18n/message';
import {
  dismissalReasons,
  moderationReasons,
  reversalReasons,
  violationReasons,
  type ModerationReason,
} from '../moderation/moderation-reasons';
import { ruledText } from '../rules/zod-fields';

/**
 * Moderation (issue 29): what staff act on (a reported listing, conversation or person), the actions,
 * and the reasons each action offers. A listing's or conversation's owner is the person warned or
 * suspended from its screen (a listing's seller; a conversation's reported side: the participant who
 * did not report it).
 */
export const moderationTargetTypes = ['listing', 'conversation', 'user'] as const;
export type ModerationTargetType = (typeof moderationTargetTypes)[number];

export const moderationActions = ['dismiss', 'remove', 'restore', 'warn', 'suspend', 'lift'] as const;
export type ModerationAction = (typeof moderationActions)[number];

// Where they live now (every page's notifications name them); exported here as before.
export {
  dismissalReasons,
  MODERATION_REASON_NAMES,
  moderationReasons,
  reversalReasons,
  violationReasons,
} from '../moderation/moderation-reasons';
export type { ModerationReason } from '../moderation/moderation-reasons';

/** Which actions a target's screen offers (the server also checks the target's state: 409 out of turn). */
export const TARGET_ACTIONS: Readonly<Record<ModerationTargetType, readonly ModerationAction[]>> = {
  listing: ['dismiss', 'remove', 'restore', 'warn', 'suspend', 'lift'],
  conversation: ['dismiss', 'warn', 'suspend', 'lift'],
  user: ['dismiss', 'warn', 'suspend', 'lift'],
};

/** The reasons each action offers, in the order the form lists them. */
export const ACTION_REASONS: Readonly<Record<ModerationAction, readonly ModerationReason[]>> = {
  dismiss: dismissalReasons,
  remove: violationReasons,
  warn: violationReasons,
  suspend: violationReasons,
  restore: reversalReasons,
  lift: reversalReasons,
};

export const MODERATION_LIMITS = {
  noteMax: 1000,
  /** A suspension for a period: 1 day to 10 years; none given: for good. */
  suspensionDaysMin: 1,
  suspensionDaysMax: 3650,
  /** The queue's page. */
  pageSize: 25,
} as const;

const invalid = () => encodeMessage(message('laravel.invalidValue'));

/**
 * POST /api/admin/moderation/:type/:id/actions. `reason` must be one of the action's (ACTION_REASONS);
 * `days` only with suspend (absent or null: for good); `note` is for staff only, never shown to the
 * person acted on.
 */
export const moderationActionSchema = z
  .strictObject(
    {
      action: z.enum(moderationActions, { error: () => encodeMessage(message('admin.moderation.actionRequired')) }),
      reason: z.enum(moderationReasons, { error: () => encodeMessage(message('admin.moderation.reasonRequired')) }),
      note: z.optional(
        z.nullable(
          ruledText({ label: 'admin.field.note', rules: { max: MODERATION_LIMITS.noteMax } }, { multiline: true }),
        ),
      ),
      days: z.optional(
        z.nullable(
          z.int({ error: invalid }).check(
            z.gte(MODERATION_LIMITS.suspensionDaysMin, {
              error: () =>
                encodeMessage(
                  message('rule.min_value', {
                    field: message('admin.field.days'),
                    min: MODERATION_LIMITS.suspensionDaysMin,
                  }),
                ),
            }),
            z.lte(MODERATION_LIMITS.suspensionDaysMax, {
              error: () =>
                encodeMessage(
                  message('rule.max_value', {
                    field: message('admin.field.days'),
                    max: MODERATION_LIMITS.suspensionDaysMax,
                  }),
                ),
            }),
          ),
        ),
      ),
    },
    { error: invalid },
  )
  .check(
    z.superRefine((value, context) => {
      if (!(ACTION_REASONS[value.action] as readonly string[]).includes(value.reason)) {
        context.addIssue({
          code: 'custom',
          path: ['reason'],
          message: encodeMessage(message('admin.moderation.reasonNotForAction')),
        });
      }
      if (value.action !== 'suspend' && value.days !== undefined && value.days !== null) {
        context.addIssue({
          code: 'custom',
          path: ['days'],
          message: encodeMessage(message('admin.moderation.daysOnlyForSuspend')),
        });
      }
    }),
  );
export type ModerationActionRequest = z.input<typeof moderationActionSchema>;

/** GET /api/admin/moderation: the queue, one row per target with open reports. */
export const moderationQueueQuerySchema = z.object({
  type: z.optional(z.enum(moderationTargetTypes, { error: invalid })),
  cursor: z.optional(z.string({ error: invalid })),
});

const person = z.object({ id: z.number(), name: z.string() });

export const queueItemSchema = z.object({
  type: z.enum(moderationTargetTypes),
  id: z.number(),
  /** The listing's title, the conversation's listing title, or the person's name. */
  title: z.string(),
  /** The listing's seller, the conversation's reported side, or the person themself. */
  owner: z.nullable(person),
  open_reports: z.number(),
  /** ms since 1970. */
  oldest_report_at: z.number(),
  newest_report_at: z.number(),
  /** The distinct reasons of the open reports, most frequent first. */
  reasons: z.array(z.string()),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const moderationQueueSchema = z.object({
  data: z.array(queueItemSchema),
  next_cursor: z.nullable(z.string()),
  /** Open reports in all, per target type: the tabs' counts. */
  counts: z.object({ listing: z.number(), conversation: z.number(), user: z.number() }),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** One report as a moderator reads it; a conversation's carries the messages as they were when reported. */
export const moderationReportSchema = z.object({
  id: z.number(),
  reporter: z.nullable(person),
  reason: z.string(),
  details: z.nullable(z.string()),
  created_at: z.number(),
  resolved_at: z.nullable(z.number()),
  outcome: z.nullable(z.string()),
  messages: z.optional(
    z.array(
      z.object({
        id: z.number(),
        sender: z.nullable(person),
        body: z.string(),
        kind: z.string(),
        created_at: z.number(),
      }),
    ),
  ),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/** One audit row about the target or its owner, for the screen's history. */
export const moderationHistoryEntrySchema = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  created_at: z.number(),
});

/** GET /api/admin/moderation/:type/:id: one target's screen. */
export const moderationTargetSchema = z.object({
  type: z.enum(moderationTargetTypes),
  id: z.number(),
  title: z.string(),
  /** The public page, when there is one (a listing's, a seller's). */
  path: z.nullable(z.string()),
  /** A listing's status, or for a user 'active' | 'suspended' | 'deleted'. */
  state: z.string(),
  /** A removed listing's moderation reason. */
  moderation_reason: z.nullable(z.string()),
  owner: z.nullable(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      suspended: z.boolean(),
      /** ms since 1970; null with suspended: for good. */
      suspended_until: z.nullable(z.number()),
      suspension_reason: z.nullable(z.string()),
    }),
  ),
  reports: z.array(moderationReportSchema),
  history: z.array(moderationHistoryEntrySchema),
  /** The owner's other targets with reports (open or not), newest first. */
  owner_other_reports: z.array(
    z.object({
      type: z.enum(moderationTargetTypes),
      id: z.number(),
      title: z.string(),
      open_reports: z.number(),
      reports: z.number(),
    }),
  ),
  /** What can be done now, given the target's state (TARGET_ACTIONS narrowed). */
  actions: z.array(z.enum(moderationActions)),
});
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

/** The real-time channel staff listen on (issue 29: the queue updates live), and its event. */
export const STAFF_CHANNEL = 'private-staff';
export const QUEUE_CHANGED_EVENT = 'moderation.queue-changed';
export const queueChangedEventSchema = z.object({ type: z.enum(moderationTargetTypes), id: z.number() });
