import type { MessageKey } from '@marketplace/contracts/i18n';
import type { AuditEntry, AuditQuery } from '@marketplace/contracts/staff';
import type { Filters } from '../paged-list';
import { staffPaths } from '../staff-paths';

/** What each known action is called; an action not listed shows its own name (`area.verb`). */
export const AUDIT_ACTION_NAMES: Readonly<Record<string, MessageKey>> = {
  'staff.grant': 'admin.audit.action.staff.grant',
  'staff.change-role': 'admin.audit.action.staff.change-role',
  'staff.take-role': 'admin.audit.action.staff.take-role',
  'staff.second-factor.set-up': 'admin.audit.action.staff.second-factor.set-up',
  'staff.second-factor.recovery-code-used': 'admin.audit.action.staff.second-factor.recovery-code-used',
  'staff.second-factor.reset': 'admin.audit.action.staff.second-factor.reset',
  'listing.dismiss': 'admin.audit.action.listing.dismiss',
  'conversation.dismiss': 'admin.audit.action.conversation.dismiss',
  'user.dismiss': 'admin.audit.action.user.dismiss',
  'listing.remove': 'admin.audit.action.listing.remove',
  'listing.restore': 'admin.audit.action.listing.restore',
  'user.warn': 'admin.audit.action.user.warn',
  'user.suspend': 'admin.audit.action.user.suspend',
  'user.lift': 'admin.audit.action.user.lift',
  'user.suspension-ended': 'admin.audit.action.user.suspension-ended',
  'user.resend-verification': 'admin.audit.action.user.resend-verification',
  'user.end-sessions': 'admin.audit.action.user.end-sessions',
  'category.edit': 'admin.audit.action.category.edit',
  'help.topic.create': 'admin.audit.action.help.topic.create',
  'help.topic.edit': 'admin.audit.action.help.topic.edit',
  'help.question.create': 'admin.audit.action.help.question.create',
  'help.question.edit': 'admin.audit.action.help.question.edit',
  'help.question.publish': 'admin.audit.action.help.question.publish',
  'help.question.unpublish': 'admin.audit.action.help.question.unpublish',
  'help.page.edit': 'admin.audit.action.help.page.edit',
  'help.page.restore': 'admin.audit.action.help.page.restore',
  'support.reply': 'admin.audit.action.support.reply',
  'support.note': 'admin.audit.action.support.note',
  'support.state': 'admin.audit.action.support.state',
  'support.assign': 'admin.audit.action.support.assign',
  'support.canned.create': 'admin.audit.action.support.canned.create',
  'support.canned.update': 'admin.audit.action.support.canned.update',
  'support.canned.delete': 'admin.audit.action.support.canned.delete',
  'testimonial.create': 'admin.audit.action.testimonial.create',
  'testimonial.edit': 'admin.audit.action.testimonial.edit',
  'testimonial.publish': 'admin.audit.action.testimonial.publish',
  'testimonial.unpublish': 'admin.audit.action.testimonial.unpublish',
  'testimonial.photo.set': 'admin.audit.action.testimonial.photo.set',
  'testimonial.photo.remove': 'admin.audit.action.testimonial.photo.remove',
  'newsletter.create': 'admin.audit.action.newsletter.create',
  'newsletter.edit': 'admin.audit.action.newsletter.edit',
  'newsletter.test': 'admin.audit.action.newsletter.test',
  'newsletter.send': 'admin.audit.action.newsletter.send',
  'newsletter.cancel': 'admin.audit.action.newsletter.cancel',
  'testimonial.move': 'admin.audit.action.testimonial.move',
  'welcome_video.replace': 'admin.audit.action.welcome_video.replace',
  'welcome_video.reset': 'admin.audit.action.welcome_video.reset',
};

/** A target type's words in the filter's list, and its name with its number in a row. */
const TARGET_TYPES: Readonly<Record<string, { plural: MessageKey; one: MessageKey }>> = {
  user: { plural: 'admin.audit.targetType.user', one: 'admin.audit.target.user' },
  listing: { plural: 'admin.audit.targetType.listing', one: 'admin.audit.target.listing' },
  conversation: { plural: 'admin.audit.targetType.conversation', one: 'admin.audit.target.conversation' },
  category: { plural: 'admin.audit.targetType.category', one: 'admin.audit.target.category' },
  staff: { plural: 'admin.audit.targetType.staff', one: 'admin.audit.target.staff' },
  help_topic: { plural: 'admin.audit.targetType.help_topic', one: 'admin.audit.target.help_topic' },
  help_question: { plural: 'admin.audit.targetType.help_question', one: 'admin.audit.target.help_question' },
  help_page: { plural: 'admin.audit.targetType.help_page', one: 'admin.audit.target.help_page' },
  support_ticket: { plural: 'admin.audit.targetType.support_ticket', one: 'admin.audit.target.support_ticket' },
  canned_answer: { plural: 'admin.audit.targetType.canned_answer', one: 'admin.audit.target.canned_answer' },
  testimonial: { plural: 'admin.audit.targetType.testimonial', one: 'admin.audit.target.testimonial' },
  newsletter: { plural: 'admin.audit.targetType.newsletter', one: 'admin.audit.target.newsletter' },
  welcome_video: { plural: 'admin.audit.targetType.welcome_video', one: 'admin.audit.target.welcome_video' },
};

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

export const actionName = (t: T, action: string): string => {
  const key = AUDIT_ACTION_NAMES[action];
  return key ? t(key) : action;
};

export const targetTypeName = (t: T, type: string): string => {
  const key = TARGET_TYPES[type]?.plural;
  return key ? t(key) : type;
};

export const targetName = (t: T, target: AuditEntry['target']): string => {
  const key = TARGET_TYPES[target.type]?.one;
  const id = target.id ?? '';
  return key ? t(key, { id }) : t('admin.audit.target.other', { type: target.type, id });
};

/** The back-office screen of what an action was about, when it has one. */
export function targetHref({ type, id }: AuditEntry['target']): string | undefined {
  if (type === 'welcome_video') return staffPaths.welcomeVideo;
  if (id === null) return undefined;
  switch (type) {
    case 'user':
    case 'staff':
      return staffPaths.user(id);
    case 'listing':
    case 'conversation':
      return staffPaths.moderationTarget(type, id);
    case 'category':
      return staffPaths.categories;
    case 'help_topic':
    case 'help_question':
      return staffPaths.help;
    case 'support_ticket':
      return staffPaths.supportTicket(id);
    case 'canned_answer':
      return staffPaths.supportCanned;
    case 'testimonial':
      return staffPaths.testimonials;
    case 'newsletter':
      return staffPaths.newsletter;
    default:
      return undefined;
  }
}

/** One line of a change: a field, what it was and what it became (undefined: not there). */
export interface ChangeLine {
  key: string;
  before: unknown;
  after: unknown;
}

/** The fields an action changed, in the order they first appear; a field left as it was is left out. */
export function changes(before: AuditEntry['before'], after: AuditEntry['after']): ChangeLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({ key, before: before?.[key], after: after?.[key] }))
    .filter((line) => JSON.stringify(line.before) !== JSON.stringify(line.after));
}

/** A value of a change as text: text as it is, anything else as JSON; nothing is `none`. */
export const changeValue = (t: T, value: unknown): string =>
  value === undefined || value === null
    ? t('admin.audit.none')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** The filters as the page's address holds them: `from` and `to` are days (yyyy-mm-dd), both included. */
export const AUDIT_FILTERS = ['q', 'action', 'actor', 'target_type', 'target_id', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilters = Filters<AuditFilterName>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a day where the member is, as an instant; a day a date field cannot give passes as it is. */
function dayStart(day: string, plusDays = 0): string {
  const match = DAY.exec(day);
  if (!match) return day;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? day : date.toISOString();
}

/** The API's query for the address's filters: the days become the instants they start and end at. */
export function apiQuery(filters: AuditFilters): Omit<AuditQuery, 'cursor'> {
  const { from, to, ...rest } = filters;
  return {
    ...rest,
    ...(from !== undefined && { from: dayStart(from) }),
    ...(to !== undefined && { to: dayStart(to, 1) }),
  };
}
