import { LISTING_LIMITS, type ListingAction, type ListingEventType, type ListingStatus } from '@marketplace/contracts';

/** What a seller asks for; the app itself only expires listings (expiry-job.ts). */
export type SellerTransition = 'publish' | 'pause' | 'resume' | 'mark_sold' | 'renew' | 'remove';

interface Rule {
  from: readonly ListingStatus[];
  to: ListingStatus;
  event: ListingEventType;
}

/**
 * The listing states of docs/product/marketplace.md. Reserved comes and goes with orders (their own
 * issue); a draft is deleted rather than removed.
 */
export const TRANSITIONS: Readonly<Record<SellerTransition, Rule>> = {
  publish: { from: ['draft'], to: 'active', event: 'published' },
  pause: { from: ['active'], to: 'paused', event: 'paused' },
  resume: { from: ['paused'], to: 'active', event: 'resumed' },
  mark_sold: { from: ['active', 'paused', 'reserved'], to: 'sold', event: 'sold' },
  renew: { from: ['expired', 'active'], to: 'active', event: 'renewed' },
  remove: { from: ['active', 'paused', 'reserved', 'sold', 'expired'], to: 'removed', event: 'removed' },
};

/** States whose fields the seller may still change. */
export const EDITABLE: readonly ListingStatus[] = ['draft', 'active', 'paused', 'expired'];
/** States anyone may see; the others are their seller's alone (404 to everyone else). */
export const PUBLIC: readonly ListingStatus[] = ['active', 'reserved', 'sold', 'expired'];
/** States a listing's life has ended in: My listings' history. */
export const ENDED: readonly ListingStatus[] = ['sold', 'expired', 'removed'];

const DAY_MS = 24 * 3600 * 1000;

/** An active listing may be renewed once its reminder is due, not before: renewing is no way to stay on top. */
export function inRenewalWindow(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() - now.getTime() <= LISTING_LIMITS.reminderDays * DAY_MS;
}

export function allows(
  transition: SellerTransition,
  status: ListingStatus,
  expiresAt: Date | null,
  now: Date,
): boolean {
  if (!TRANSITIONS[transition].from.includes(status)) return false;
  return transition !== 'renew' || status === 'expired' || inRenewalWindow(expiresAt, now);
}

/** The actions a seller's page offers for a listing in `status` now. */
export function sellerActions(status: ListingStatus, expiresAt: Date | null, now: Date): ListingAction[] {
  const actions: ListingAction[] = [];
  if (EDITABLE.includes(status)) actions.push('edit');
  if (allows('publish', status, expiresAt, now)) actions.push('publish');
  if (allows('pause', status, expiresAt, now)) actions.push('pause');
  if (allows('resume', status, expiresAt, now)) actions.push('resume');
  if (allows('mark_sold', status, expiresAt, now)) actions.push('mark_sold');
  if (allows('renew', status, expiresAt, now)) actions.push('renew');
  if (status !== 'removed') actions.push('delete');
  return actions;
}

/** When a listing published or renewed at `from` runs out. */
export const lifetimeFrom = (from: Date): Date => new Date(from.getTime() + LISTING_LIMITS.lifetimeDays * DAY_MS);
