import type { MessageKey } from '../i18n/message';

/**
 * The reasons moderation gives (issue 29), apart from the rest of its contract: notifications name
 * them in the reader's language (notification-kinds.ts), and every page loads those kinds.
 */

/** A broken rule: why something was removed, or someone warned or suspended. */
export const violationReasons = [
  'scam',
  'prohibited',
  'counterfeit',
  'misleading',
  'duplicate',
  'offensive',
  'harassment',
  'spam',
  'impersonation',
  'other',
] as const;
/** Why reports were dismissed. */
export const dismissalReasons = ['no_violation', 'not_enough_evidence', 'already_handled', 'other'] as const;
/** Why a removal or a suspension was undone. */
export const reversalReasons = ['appeal_accepted', 'mistake', 'other'] as const;

export const moderationReasons = [...new Set([...violationReasons, ...dismissalReasons, ...reversalReasons])] as [
  string,
  ...string[],
];
export type ModerationReason =
  (typeof violationReasons)[number] | (typeof dismissalReasons)[number] | (typeof reversalReasons)[number];

/** Each reason's words, for staff and for the person told of the action (catalogue keys). */
export const MODERATION_REASON_NAMES: Readonly<Record<ModerationReason, MessageKey>> = {
  scam: 'moderation.reason.scam',
  prohibited: 'moderation.reason.prohibited',
  counterfeit: 'moderation.reason.counterfeit',
  misleading: 'moderation.reason.misleading',
  duplicate: 'moderation.reason.duplicate',
  offensive: 'moderation.reason.offensive',
  harassment: 'moderation.reason.harassment',
  spam: 'moderation.reason.spam',
  impersonation: 'moderation.reason.impersonation',
  other: 'moderation.reason.other',
  no_violation: 'moderation.reason.no_violation',
  not_enough_evidence: 'moderation.reason.not_enough_evidence',
  already_handled: 'moderation.reason.already_handled',
  appeal_accepted: 'moderation.reason.appeal_accepted',
  mistake: 'moderation.reason.mistake',
};
