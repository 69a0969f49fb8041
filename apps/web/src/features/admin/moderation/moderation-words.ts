import { USER_REPORT_REASON_NAMES } from '@marketplace/contracts';
import { REPORT_REASON_NAMES } from '@marketplace/contracts/catalogue-essentials';
import type { MessageKey } from '@marketplace/contracts/i18n';
import {
  MODERATION_REASON_NAMES,
  moderationActions,
  type ModerationAction,
  type ModerationTargetType,
} from '@marketplace/contracts/staff';
import type { I18n } from '../../../lib/i18n/i18n-store';

export const TARGET_TYPE_NAMES: Readonly<Record<ModerationTargetType, MessageKey>> = {
  listing: 'admin.moderation.type.listing',
  conversation: 'admin.moderation.type.conversation',
  user: 'admin.moderation.type.user',
};

export const ACTION_NAMES: Readonly<Record<ModerationAction, MessageKey>> = {
  dismiss: 'admin.moderation.action.dismiss',
  remove: 'admin.moderation.action.remove',
  restore: 'admin.moderation.action.restore',
  warn: 'admin.moderation.action.warn',
  suspend: 'admin.moderation.action.suspend',
  lift: 'admin.moderation.action.lift',
};

export const ACTION_DONE: Readonly<Record<ModerationAction, MessageKey>> = {
  dismiss: 'admin.moderation.done.dismiss',
  remove: 'admin.moderation.done.remove',
  restore: 'admin.moderation.done.restore',
  warn: 'admin.moderation.done.warn',
  suspend: 'admin.moderation.done.suspend',
  lift: 'admin.moderation.done.lift',
};

const OUTCOME_NAMES: Readonly<Record<string, MessageKey>> = {
  dismissed: 'admin.moderation.outcome.dismissed',
  removed: 'admin.moderation.outcome.removed',
  warned: 'admin.moderation.outcome.warned',
  suspended: 'admin.moderation.outcome.suspended',
};

const REPORT_REASONS: Readonly<Record<ModerationTargetType, Readonly<Record<string, MessageKey>>>> = {
  listing: REPORT_REASON_NAMES,
  user: USER_REPORT_REASON_NAMES,
  // A conversation's report says why in the reporter's own words: shown as their text.
  conversation: {},
};

/**
 * A report's reason in words: a listing's or a person's are from a list; a conversation's reporter
 * wrote their own (undefined: show it as their text, never as markup).
 */
export function reportReasonWords({ t }: I18n, type: ModerationTargetType, reason: string): string | undefined {
  const key = Object.hasOwn(REPORT_REASONS[type], reason) ? REPORT_REASONS[type][reason] : undefined;
  return key ? t(key) : undefined;
}

/** A moderation reason (why something was removed, someone suspended, reports dismissed) in words. */
export function moderationReasonWords({ t }: I18n, reason: string): string {
  return Object.hasOwn(MODERATION_REASON_NAMES, reason)
    ? t(MODERATION_REASON_NAMES[reason as keyof typeof MODERATION_REASON_NAMES])
    : reason;
}

export function outcomeWords({ t }: I18n, outcome: string): string {
  return Object.hasOwn(OUTCOME_NAMES, outcome) ? t(OUTCOME_NAMES[outcome] as MessageKey) : outcome;
}

const isModerationAction = (value: string): value is ModerationAction =>
  (moderationActions as readonly string[]).includes(value);

/**
 * An audit row's action in words: the audit log's own words when the catalogue has them
 * (`listing.remove`: "Removed a listing"), else a moderation action's name here, else as recorded.
 */
export function historyActionWords({ t }: I18n, action: string): string {
  const logged = t(`admin.audit.action.${action}` as MessageKey);
  if (logged) return logged;
  const last = action.slice(action.lastIndexOf('.') + 1);
  return isModerationAction(last) ? t(ACTION_NAMES[last]) : action;
}
