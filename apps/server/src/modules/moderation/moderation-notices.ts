import { PAGE_PATHS } from '@marketplace/contracts';
import type { ModerationReason, ModerationTargetType } from '@marketplace/contracts/staff';
import type { UnitOfWork } from '../../events/unit-of-work';
import type { ReportOutcome } from '../../db/schema';
import type { NotificationEvent, Notified } from '../notifications';
import type { Target } from './target-state';

/** How the moderation module tells people (app.notifications.notifyIn). */
export type NotifyIn = (unit: UnitOfWork, event: NotificationEvent) => Promise<Notified>;

/** An open report being resolved: whom to tell its outcome. */
export interface OpenReport {
  id: number;
  reporterId: number | null;
}

/**
 * Every reporter of the target is told what came of their report, in their language, and never who
 * acted; a staff member who reported it and then acted is not told of their own act.
 */
export async function tellReporters(
  notify: NotifyIn,
  unit: UnitOfWork,
  target: Target,
  reports: readonly OpenReport[],
  outcome: ReportOutcome,
  actorId: number,
): Promise<void> {
  const told = new Set<number>();
  // A person is named to those who reported them as everyone else sees them, never by their whole name.
  const title = target.type === 'user' ? (target.owner?.publicName ?? '') : target.title;
  for (const report of reports) {
    const reporterId = report.reporterId;
    if (reporterId === null || reporterId === actorId || told.has(reporterId)) continue;
    told.add(reporterId);
    await notify(unit, {
      userId: reporterId,
      category: 'account',
      type: 'moderation.reportOutcome',
      data: { subject: target.type, title, outcome },
      key: `moderation.reportOutcome:${target.type}:${target.id}:${report.id}`,
    });
  }
}

/** What the owner is told of an action on them or theirs: the reason's code, worded in their language. */
export function ownerNotice(
  action: 'remove' | 'restore' | 'warn' | 'suspend' | 'lift',
  target: { type: ModerationTargetType; id: number; title: string; path: string | null },
  ownerId: number,
  reason: ModerationReason,
  until: Date | null = null,
): NotificationEvent {
  const base = { userId: ownerId, category: 'account' as const };
  switch (action) {
    case 'remove':
      return {
        ...base,
        type: 'moderation.listingRemoved',
        data: { listing_id: target.id, title: target.title, reason },
        path: PAGE_PATHS.myListingsHistory,
      };
    case 'restore':
      return {
        ...base,
        type: 'moderation.listingRestored',
        data: { listing_id: target.id, title: target.title },
        path: PAGE_PATHS.myListings,
      };
    case 'warn':
      return { ...base, type: 'moderation.warned', data: { reason } };
    case 'suspend':
      return until
        ? { ...base, type: 'moderation.suspended', data: { reason, until: until.getTime() } }
        : { ...base, type: 'moderation.suspendedForGood', data: { reason } };
    case 'lift':
      return { ...base, type: 'moderation.suspensionLifted' };
  }
}

/**
 * A suspension for a period ended by the clock: the person can use their account again. Keyed by
 * the suspension's end, so it is stored and mailed once whoever ends it.
 */
export const suspensionEndedNotice = (userId: number, until: Date): NotificationEvent => ({
  userId,
  category: 'account',
  type: 'moderation.suspensionEnded',
  key: `moderation.suspensionEnded:${until.getTime()}`,
});
