import { API_MESSAGES, encodeMessage, message } from '@marketplace/contracts';
import {
  TARGET_ACTIONS,
  type ModerationAction,
  type ModerationReason,
  type ModerationTargetType,
} from '@marketplace/contracts/staff';
import { sql, type Kysely } from 'kysely';
import type { Database, ReportOutcome } from '../../db/schema';
import type { UnitOfWork } from '../../events/unit-of-work';
import { HttpError } from '../../plugins/errors';
import { ValidationError } from '../../plugins/validation';
import { recordAudit, type AuditActor } from '../staff';
import type { ModerationDeps } from './moderation-deps';
import { ownerNotice, tellReporters, type OpenReport } from './moderation-notices';
import { loadTarget, OWNER_ACTIONS, refusal, type Owner, type Target } from './target-state';

export interface ActionInput {
  action: ModerationAction;
  reason: ModerationReason;
  /** For staff only: in the audit log, never shown to the person acted on. */
  note: string | null;
  /** A suspension's length; null: for good. */
  days: number | null;
}

const DAY_MS = 24 * 3600 * 1000;
/** What each action does to the target's open reports. */
const OUTCOMES: Readonly<Partial<Record<ModerationAction, ReportOutcome>>> = {
  dismiss: 'dismissed',
  remove: 'removed',
  warn: 'warned',
  suspend: 'suspended',
};
/** PostgreSQL's deadlock_detected: the unit is run again once. */
const DEADLOCK = '40P01';

/**
 * A moderator's action on a target (POST /api/admin/moderation/:type/:id/actions), as one unit of
 * work: the target (and its owner's account, for an action on it) locked, the action checked
 * against their state (409 with the reason out of turn), the audit row, the events by which each
 * owner module makes its own change (the catalogue, users, orders, chat), the owner's notice and the
 * reporters' outcomes. All of it commits together or not at all.
 */
export async function actOnTarget(
  deps: ModerationDeps,
  actor: AuditActor & { id: number },
  type: ModerationTargetType,
  id: number,
  input: ActionInput,
  now = new Date(),
): Promise<void> {
  if (!TARGET_ACTIONS[type].includes(input.action)) {
    throw ValidationError.forField('action', encodeMessage(message('admin.moderation.actionNotForTarget')));
  }
  const run = () => deps.events.run((unit) => act(deps, unit, actor, type, id, input, now));
  try {
    await run();
  } catch (error) {
    // Orders take a listing's row before its orders', as a removal does, so they never deadlock with
    // it; a deadlock with any other unit is the database choosing a loser, and this action goes again.
    if ((error as { code?: string }).code !== DEADLOCK) throw error;
    await run();
  }
}

async function act(
  deps: ModerationDeps,
  unit: UnitOfWork,
  actor: AuditActor & { id: number },
  type: ModerationTargetType,
  id: number,
  input: ActionInput,
  now: Date,
): Promise<void> {
  const { action, reason, note } = input;
  const trx = unit.db;
  const target = await loadTarget(trx, type, id, { lock: true, lockOwner: OWNER_ACTIONS.includes(action) });
  if (!target) throw new HttpError(404, message(API_MESSAGES.notFound));
  const refused = refusal(action, target, actor.id, now);
  if (refused) throw new HttpError(409, refused);
  const owner = target.owner;
  const open = await openReportsOf(trx, type, id);
  const audit = { reason, note };

  switch (action) {
    case 'dismiss':
      await recordAudit(trx, actor, {
        action: `${type}.dismiss`,
        targetType: type,
        targetId: id,
        before: { open_reports: open.length },
        after: { open_reports: 0 },
        ...audit,
      });
      break;
    case 'remove': {
      const listing = target.listing;
      const sellerId = owner?.id;
      if (!listing || sellerId === undefined) throw new HttpError(404, message(API_MESSAGES.notFound));
      await unit.emit('moderation.listing-removed', { listingId: id, sellerId, title: target.title, reason, at: now });
      await recordAudit(trx, actor, {
        action: 'listing.remove',
        targetType: 'listing',
        targetId: id,
        before: { status: listing.status },
        after: { status: 'removed', moderation_reason: reason },
        ...audit,
      });
      await deps.notify(unit, ownerNotice('remove', target, sellerId, reason));
      break;
    }
    case 'restore': {
      const sellerId = owner?.id;
      if (sellerId === undefined) throw new HttpError(404, message(API_MESSAGES.notFound));
      await unit.emit('moderation.listing-restored', { listingId: id, sellerId, at: now });
      const after = await trx.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'listing.restore',
        targetType: 'listing',
        targetId: id,
        before: { status: 'removed', moderation_reason: target.listing?.moderationReason ?? null },
        after: { status: after.status },
        ...audit,
      });
      await deps.notify(unit, ownerNotice('restore', target, sellerId, reason));
      break;
    }
    case 'warn':
    case 'suspend':
    case 'lift':
      await actOnOwner(deps, unit, actor, target, requireOwner(owner), input, now);
      break;
  }

  const outcome = OUTCOMES[action];
  if (outcome && open.length > 0) {
    await unit.emit('moderation.reports-resolved', {
      type,
      targetId: id,
      reportIds: open.map((report) => report.id),
      outcome,
      by: actor.id,
      at: now,
    });
    await tellReporters(deps.notify, unit, target, open, outcome, actor.id);
  }
  await unit.emit('moderation.acted', { type, id });
}

function requireOwner(owner: Owner | null): Owner {
  if (!owner) throw new HttpError(409, message('admin.moderation.ownerDeleted'));
  return owner;
}

/** Warn, suspend or lift: the owner's account, recorded as an action on the user (its history shows it from any of their targets). */
async function actOnOwner(
  deps: ModerationDeps,
  unit: UnitOfWork,
  actor: AuditActor & { id: number },
  target: Target,
  owner: Owner,
  { action, reason, note, days }: ActionInput,
  now: Date,
): Promise<void> {
  const trx = unit.db;
  const via = { type: target.type, id: target.id };
  if (action === 'warn') {
    await recordAudit(trx, actor, {
      action: 'user.warn',
      targetType: 'user',
      targetId: owner.id,
      after: { warned_about: via },
      reason,
      note,
    });
    await deps.notify(unit, ownerNotice('warn', target, owner.id, reason));
    return;
  }
  if (action === 'suspend') {
    const until = days === null ? null : new Date(now.getTime() + days * DAY_MS);
    await unit.emit('moderation.user-suspended', { userId: owner.id, until, reason, at: now });
    // Signed out everywhere at once: the sessions go with the transaction, the sockets once it committed.
    const closeSockets = await deps.endSessions(trx, owner.id);
    unit.afterCommit(() => Promise.resolve(closeSockets()));
    await recordAudit(trx, actor, {
      action: 'user.suspend',
      targetType: 'user',
      targetId: owner.id,
      before: { suspended: false },
      after: { suspended: true, suspended_until: until?.toISOString() ?? null, suspension_reason: reason, via },
      reason,
      note,
    });
    await deps.notify(unit, ownerNotice('suspend', target, owner.id, reason, until));
    return;
  }
  await unit.emit('moderation.suspension-lifted', { userId: owner.id, at: now });
  await recordAudit(trx, actor, {
    action: 'user.lift',
    targetType: 'user',
    targetId: owner.id,
    before: {
      suspended: true,
      suspended_until: owner.suspendedUntil?.toISOString() ?? null,
      suspension_reason: owner.suspensionReason,
    },
    after: { suspended: false, via },
    reason,
    note,
  });
  await deps.notify(unit, ownerNotice('lift', target, owner.id, reason));
}

/** The target's open reports, oldest first: those the action resolves, and whom to tell. */
async function openReportsOf(db: Kysely<Database>, type: ModerationTargetType, id: number): Promise<OpenReport[]> {
  const [table, column] =
    type === 'listing'
      ? (['listing_reports', 'listing_id'] as const)
      : type === 'conversation'
        ? (['conversation_reports', 'conversation_id'] as const)
        : (['user_reports', 'user_id'] as const);
  const { rows } = await sql<{ id: string | number; reporter_id: number | null }>`select id, reporter_id
    from ${sql.table(table)} where ${sql.ref(column)} = ${id} and resolved_at is null
    order by created_at, id`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), reporterId: row.reporter_id }));
}
