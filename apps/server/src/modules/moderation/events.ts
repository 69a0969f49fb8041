import type { ModerationReason, ModerationTargetType } from '@marketplace/contracts/staff';
import type { ReportOutcome } from '../../db/schema';

/** A moderator's decision closed these open reports of one target (each report table's owner closes its own). */
export interface ReportsResolved {
  type: ModerationTargetType;
  targetId: number;
  reportIds: readonly number[];
  outcome: ReportOutcome;
  /** The staff member who acted. */
  by: number;
  at: Date;
}

/** Moderation took a listing down (issue 29): the catalogue takes it off every list, orders end its open orders. */
export interface ListingRemoved {
  listingId: number;
  sellerId: number;
  title: string;
  reason: ModerationReason;
  at: Date;
}

/** A listing moderation removed is back: the catalogue decides in which state (catalogue's moderation listeners). */
export interface ListingRestored {
  listingId: number;
  sellerId: number;
  at: Date;
}

/** An account suspended until `until` (null: for good): users keeps it on the account, the catalogue hides its listings. */
export interface UserSuspended {
  userId: number;
  until: Date | null;
  reason: ModerationReason;
  at: Date;
}

/** A suspension ended, lifted by staff or run out: the account and its listings are back. */
export interface SuspensionLifted {
  userId: number;
  at: Date;
}

/**
 * Moderation's domain events (docs/decisions/029, 030): each owner module makes its own change in
 * the action's transaction, with the action's audit row.
 */
declare module '../../events/unit-of-work' {
  interface DomainEvents {
    'moderation.reports-resolved': ReportsResolved;
    'moderation.listing-removed': ListingRemoved;
    'moderation.listing-restored': ListingRestored;
    'moderation.user-suspended': UserSuspended;
    'moderation.suspension-lifted': SuspensionLifted;
    /** Someone reported a person (user_reports): the staff's queue changes. */
    'user.reported': { userId: number };
    /** A moderator acted on a target: the staff's queue changes. */
    'moderation.acted': { type: ModerationTargetType; id: number };
  }
}
