import { listingSlug, message, pageLinks, type ListingStatus, type Message } from '@marketplace/contracts';
import { TARGET_ACTIONS, type ModerationAction, type ModerationTargetType } from '@marketplace/contracts/staff';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { accountForStaff, publicName } from '../users';

/** The person a target is about: a listing's seller, a conversation's reported side, the person reported. */
export interface Owner {
  id: number;
  /** Their whole name, as staff read it. */
  name: string;
  /** As other people see it (what a reporter is told). */
  publicName: string;
  email: string;
  deleted: boolean;
  /** Holds a staff role: staff do not warn or suspend each other. */
  staff: boolean;
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  suspensionReason: string | null;
}

/** A target as a moderator acts on it. */
export interface Target {
  type: ModerationTargetType;
  id: number;
  title: string;
  /** Its public page, if it has one. */
  path: string | null;
  listing: { status: ListingStatus; moderatedAt: Date | null; moderationReason: string | null } | null;
  owner: Owner | null;
  /** A conversation's two sides. */
  participants: readonly number[];
  openReports: number;
}

/** Suspended now: a suspension whose end has passed is over, whether or not the clock has lifted it yet. */
export const isSuspended = (owner: Pick<Owner, 'suspendedAt' | 'suspendedUntil'>, now: Date): boolean =>
  owner.suspendedAt !== null && (owner.suspendedUntil === null || owner.suspendedUntil > now);

/** Actions on the owner's account rather than on the target itself. */
export const OWNER_ACTIONS: readonly ModerationAction[] = ['warn', 'suspend', 'lift'];

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

/** The owner's account, locked for the action's transaction with `lock`. */
export async function ownerOf(db: Kysely<Database>, userId: number, lock = false): Promise<Owner | undefined> {
  const row = await accountForStaff(db)
    .where('users.id', '=', userId)
    .$if(lock, (query) => query.forUpdate('users'))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: fullName(row),
    publicName: publicName(row),
    email: row.email,
    deleted: row.deleted_at !== null,
    staff: row.role !== null,
    suspendedAt: row.suspended_at,
    suspendedUntil: row.suspended_until,
    suspensionReason: row.suspension_reason,
  };
}

/**
 * A conversation's reported side: the participant who is not the reporter, of its oldest open
 * report (of its oldest report when none is open). Undefined when nobody reported it, or its
 * reporters' accounts are gone.
 */
export async function reportedSide(
  db: Kysely<Database>,
  conversation: { id: number; buyer_id: number; seller_id: number },
) {
  const report = await db
    .selectFrom('conversation_reports')
    .select('reporter_id')
    .where('conversation_id', '=', conversation.id)
    .where('reporter_id', 'in', [conversation.buyer_id, conversation.seller_id])
    .orderBy(sql`resolved_at is null`, 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!report) return undefined;
  return report.reporter_id === conversation.buyer_id ? conversation.seller_id : conversation.buyer_id;
}

export async function openReportCount(db: Kysely<Database>, type: ModerationTargetType, id: number): Promise<number> {
  const row = await db
    .selectFrom('moderation_queue')
    .select('open_reports')
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .executeTakeFirst();
  return row?.open_reports ?? 0;
}

/**
 * The target `type`/`id` as it is now, or undefined when there is none. With `lock`, for an
 * action: the owner's account first when the action is on it (`lockOwner`), then the target's own
 * row, so two actions on one person from two of their targets take turns in the same order.
 */
export async function loadTarget(
  db: Kysely<Database>,
  type: ModerationTargetType,
  id: number,
  { lock = false, lockOwner = false }: { lock?: boolean; lockOwner?: boolean } = {},
): Promise<Target | undefined> {
  if (type === 'user') {
    const owner = await ownerOf(db, id, lock);
    if (!owner) return undefined;
    return {
      type,
      id,
      title: owner.name,
      path: owner.deleted ? null : pageLinks.seller(id),
      listing: null,
      owner,
      participants: [],
      openReports: await openReportCount(db, type, id),
    };
  }
  if (type === 'listing') {
    const seller = await db.selectFrom('listings').select('seller_id').where('id', '=', id).executeTakeFirst();
    if (!seller) return undefined;
    const owner = await ownerOf(db, seller.seller_id, lock && lockOwner);
    const row = await db
      .selectFrom('listings')
      .select(['id', 'title', 'status', 'moderated_at', 'moderation_reason'])
      .where('id', '=', id)
      .$if(lock, (query) => query.forUpdate())
      .executeTakeFirstOrThrow();
    return {
      type,
      id,
      title: row.title ?? '',
      path: pageLinks.listing(id, listingSlug(row.title)),
      listing: { status: row.status, moderatedAt: row.moderated_at, moderationReason: row.moderation_reason },
      owner: owner ?? null,
      participants: [],
      openReports: await openReportCount(db, type, id),
    };
  }
  const conversation = await db
    .selectFrom('conversations')
    .innerJoin('listings', 'listings.id', 'conversations.listing_id')
    .select(['conversations.id', 'conversations.buyer_id', 'conversations.seller_id', 'listings.title'])
    .where('conversations.id', '=', id)
    .executeTakeFirst();
  if (!conversation) return undefined;
  const ownerId = await reportedSide(db, conversation);
  const owner = ownerId === undefined ? undefined : await ownerOf(db, ownerId, lock && lockOwner);
  if (lock) await db.selectFrom('conversations').select('id').where('id', '=', id).forUpdate().execute();
  return {
    type,
    id,
    title: conversation.title ?? '',
    path: null,
    listing: null,
    owner: owner ?? null,
    participants: [conversation.buyer_id, conversation.seller_id],
    openReports: await openReportCount(db, type, id),
  };
}

/**
 * Why `action` cannot be taken on `target` now by staff member `actorId` (409 with these words), or
 * null when it can: nobody acts on what is their own (their account, listing, or a conversation they
 * are in), nor warns or suspends staff. The target's screen offers exactly the actions with no refusal.
 */
export function refusal(action: ModerationAction, target: Target, actorId: number, now: Date): Message | null {
  const { owner, listing } = target;
  if (owner?.id === actorId || target.participants.includes(actorId)) return message('admin.moderation.ownAccount');
  switch (action) {
    case 'dismiss':
      return target.openReports === 0 ? message('admin.moderation.noOpenReports') : null;
    case 'remove':
      return !listing || listing.status === 'removed' || listing.status === 'draft'
        ? message('admin.moderation.cannotRemove')
        : null;
    case 'restore':
      return !listing || listing.status !== 'removed' || listing.moderatedAt === null
        ? message('admin.moderation.notRemoved')
        : null;
    default:
      break;
  }
  if (!owner) return message('admin.moderation.noOwner');
  if (owner.deleted) return message('admin.moderation.ownerDeleted');
  if (owner.staff) return message('admin.moderation.staffAccount');
  if (action === 'suspend' && isSuspended(owner, now)) return message('admin.moderation.alreadySuspended');
  if (action === 'lift' && !isSuspended(owner, now)) return message('admin.moderation.notSuspended');
  return null;
}

/** What can be done to the target now, in the order TARGET_ACTIONS lists them. */
export const possibleActions = (target: Target, actorId: number, now: Date): ModerationAction[] =>
  TARGET_ACTIONS[target.type].filter((action) => refusal(action, target, actorId, now) === null);
