import { z } from 'zod/mini';
import { defineRoute } from '../http/api-route';
import { encodeMessage, message, type MessageKey } from '../i18n/message';
import { isBigintIdText, isInt4IdText, isStorableTime } from '../rules/column-ranges';
import { characterCount, isPlainText } from '../rules/values';

/**
 * The audit log (issue 29): every staff action, newest first, a page at a time, filtered by who
 * acted, what they did, to what, when, and words in the note or the actor's name. Read only: no
 * route edits or deletes a row (the table's trigger refuses it too).
 */

export const AUDIT_PAGE_SIZE = 50;
/** The longest free-text search (characters). */
export const AUDIT_SEARCH_MAX = 100;
/** `audit_log.action` and `target_type` are varchar(64) and varchar(32). */
export const AUDIT_ACTION_MAX = 64;
export const AUDIT_TARGET_TYPE_MAX = 32;

const notValid = (label: MessageKey) => () => encodeMessage(message('rule.default', { field: message(label) }));

/** Plain text of at most `max` characters, trimmed. */
const text = (label: MessageKey, max: number) =>
  z.pipe(
    z.string({ error: notValid(label) }).check(
      z.refine((value) => isPlainText(value), { error: notValid(label) }),
      z.refine((value) => characterCount(value.trim()) <= max, {
        error: () => encodeMessage(message('rule.max', { field: message(label), length: max })),
      }),
    ),
    z.transform((value) => value.trim()),
  );

/** An id in the query string, within its column's range (past it names nothing: 422, never SQL's error). */
const idText = (label: MessageKey, isId: (text: string) => boolean) =>
  z.pipe(z.string({ error: notValid(label) }).check(z.refine(isId, { error: notValid(label) })), z.transform(Number));

/** An instant with its offset (the page sends the start of a day where the member is), one a timestamptz holds. */
const instant = (label: MessageKey) =>
  z.iso
    .datetime({ offset: true, error: notValid(label) })
    .check(z.refine((value) => isStorableTime(new Date(value)), { error: notValid(label) }));

/**
 * GET /api/admin/audit. `from` is inclusive, `to` exclusive; `cursor` is the last row's id
 * (page-cursor.ts, `bigintId`). Each filter narrows the others.
 */
export const auditQuerySchema = z
  .object({
    actor: z.optional(idText('admin.audit.field.actor', isInt4IdText)),
    action: z.optional(text('admin.audit.field.action', AUDIT_ACTION_MAX)),
    target_type: z.optional(text('admin.audit.field.targetType', AUDIT_TARGET_TYPE_MAX)),
    target_id: z.optional(idText('admin.audit.field.targetId', isBigintIdText)),
    from: z.optional(instant('admin.audit.field.from')),
    to: z.optional(instant('admin.audit.field.to')),
    q: z.optional(text('admin.audit.field.q', AUDIT_SEARCH_MAX)),
    cursor: z.optional(
      z
        .string({ error: notValid('admin.audit.field.cursor') })
        .check(z.refine(isBigintIdText, { error: notValid('admin.audit.field.cursor') })),
    ),
  })
  .check(
    z.superRefine((query, context) => {
      if (query.from !== undefined && query.to !== undefined && Date.parse(query.to) <= Date.parse(query.from)) {
        context.addIssue({ code: 'custom', path: ['to'], message: encodeMessage(message('admin.audit.toBeforeFrom')) });
      }
    }),
  );
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One staff action as the log shows it. `actor.role` is 'system' for the command line. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.object({ id: z.nullable(z.number()), name: z.string(), role: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.nullable(z.number()) }),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  reason: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** The address the request came from; null for the command line. */
  ip: z.nullable(z.string()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  next_cursor: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit/facets: the actions and target types the log holds, for the filters' lists. */
export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  target_types: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

export const AUDIT_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    querystring: auditQuerySchema,
    response: { 200: auditPageSchema },
    cursor: 'bigintId',
  }),
  facets: defineRoute({ method: 'GET', path: '/api/admin/audit/facets', response: { 200: auditFacetsSchema } }),
} as const;
