import type { ChatMessage } from '@marketplace/contracts';
import type { ModerationReport, ModerationTarget, ModerationTargetType } from '@marketplace/contracts/staff';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isSuspended, loadTarget, possibleActions, type Target } from './target-state';

/** At most this many of each list on a target's screen (reports are one per reporter, history grows). */
const SHOWN = 200;

type Person = { id: number; name: string };
const person = (id: number | null, first: string | null, last: string | null): Person | null =>
  id === null || first === null ? null : { id, name: `${first} ${last ?? ''}`.trim() };

/** GET /api/admin/moderation/:type/:id: the target, its reports, its history, its owner's other reports, what can be done. */
export async function readTarget(
  db: Kysely<Database>,
  type: ModerationTargetType,
  id: number,
  staffId: number,
  now = new Date(),
): Promise<ModerationTarget | undefined> {
  const target = await loadTarget(db, type, id);
  if (!target) return undefined;
  const [reports, history, others] = await Promise.all([
    reportsOf(db, target),
    historyOf(db, target),
    target.owner ? otherReportsOf(db, target.owner.id, target) : [],
  ]);
  const { owner, listing } = target;
  return {
    type,
    id,
    title: target.title,
    path: target.path,
    state: listing
      ? listing.status
      : !owner
        ? 'active'
        : owner.deleted
          ? 'deleted'
          : isSuspended(owner, now)
            ? 'suspended'
            : 'active',
    moderation_reason: listing?.moderatedAt ? listing.moderationReason : null,
    owner: owner && {
      id: owner.id,
      name: owner.name,
      email: owner.email,
      suspended: isSuspended(owner, now),
      suspended_until: isSuspended(owner, now) ? (owner.suspendedUntil?.getTime() ?? null) : null,
      suspension_reason: isSuspended(owner, now) ? owner.suspensionReason : null,
    },
    reports,
    history,
    owner_other_reports: others,
    actions: possibleActions(target, staffId, now),
  };
}

/** Every report of the target, newest first; a conversation's with the messages as they were when reported. */
async function reportsOf(db: Kysely<Database>, target: Target): Promise<ModerationReport[]> {
  const resolved = (row: { resolved_at: Date | null; outcome: string | null }) => ({
    resolved_at: row.resolved_at?.getTime() ?? null,
    outcome: row.outcome,
  });
  if (target.type === 'conversation') {
    const rows = await db
      .selectFrom('conversation_reports as r')
      .leftJoin('users as u', 'u.id', 'r.reporter_id')
      .select(['r.id', 'r.reason', 'r.messages', 'r.created_at', 'r.resolved_at', 'r.outcome', 'u.id as reporter_id'])
      .select(['u.first_name', 'u.last_name'])
      .where('r.conversation_id', '=', target.id)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(SHOWN)
      .execute();
    const names = await participantNames(db, target.id);
    return rows.map((row) => ({
      id: row.id,
      reporter: person(row.reporter_id, row.first_name, row.last_name),
      reason: row.reason,
      details: null,
      created_at: row.created_at.getTime(),
      ...resolved(row),
      messages: ((row.messages as ChatMessage[] | null) ?? []).map((each) => ({
        id: each.id,
        sender: each.sender_id === null ? null : (names.get(each.sender_id) ?? null),
        body: each.body,
        kind: each.kind,
        created_at: Date.parse(each.created_at),
      })),
    }));
  }
  const table = target.type === 'listing' ? 'listing_reports' : 'user_reports';
  const column = target.type === 'listing' ? 'listing_id' : 'user_id';
  const { rows } = await sql<{
    id: number;
    reason: string;
    details: string | null;
    created_at: Date;
    resolved_at: Date | null;
    outcome: string | null;
    reporter_id: number | null;
    first_name: string | null;
    last_name: string | null;
  }>`select r.id, r.reason, r.details, r.created_at, r.resolved_at, r.outcome,
      u.id as reporter_id, u.first_name, u.last_name
    from ${sql.table(table)} r left join users u on u.id = r.reporter_id
    where r.${sql.ref(column)} = ${target.id}
    order by r.created_at desc, r.id desc limit ${SHOWN}`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    reporter: person(row.reporter_id, row.first_name, row.last_name),
    reason: row.reason,
    details: row.details,
    created_at: row.created_at.getTime(),
    ...resolved(row),
  }));
}

async function participantNames(db: Kysely<Database>, conversationId: number): Promise<Map<number, Person>> {
  const rows = await db
    .selectFrom('conversations as c')
    .innerJoin('users as u', (join) =>
      join.on((eb) => eb.or([eb('u.id', '=', eb.ref('c.buyer_id')), eb('u.id', '=', eb.ref('c.seller_id'))])),
    )
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('c.id', '=', conversationId)
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: `${row.first_name} ${row.last_name}`.trim() }]));
}

/** The audit log's rows about the target and about its owner's account, newest first. */
async function historyOf(db: Kysely<Database>, target: Target) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'actor_name', 'action', 'reason', 'note', 'created_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', target.type), eb('target_id', '=', target.id)]),
        ...(target.owner ? [eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', target.owner.id)])] : []),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    actor: row.actor_name,
    action: row.action,
    reason: row.reason,
    note: row.note,
    created_at: row.created_at.getTime(),
  }));
}

/**
 * The owner's other targets with reports, open or not, newest report first: their listings,
 * conversations the other side reported, and reports of their own account.
 */
async function otherReportsOf(db: Kysely<Database>, ownerId: number, target: Target) {
  const { rows } = await sql<{
    type: ModerationTargetType;
    id: number;
    title: string | null;
    open_reports: number;
    reports: number;
  }>`select type, id, title, open_reports, reports from (
      select 'listing' as type, l.id, l.title,
        (count(*) filter (where r.resolved_at is null))::int as open_reports, count(*)::int as reports,
        max(r.created_at) as newest
      from listing_reports r join listings l on l.id = r.listing_id
      where l.seller_id = ${ownerId} group by l.id
      union all
      select 'conversation', c.id, l.title,
        (count(*) filter (where r.resolved_at is null))::int, count(*)::int, max(r.created_at)
      from conversation_reports r join conversations c on c.id = r.conversation_id
        join listings l on l.id = c.listing_id
      where (c.buyer_id = ${ownerId} or c.seller_id = ${ownerId})
        and r.reporter_id in (c.buyer_id, c.seller_id) and r.reporter_id <> ${ownerId}
      group by c.id, l.title
      union all
      select 'user', r.user_id, u.first_name || ' ' || u.last_name,
        (count(*) filter (where r.resolved_at is null))::int, count(*)::int, max(r.created_at)
      from user_reports r join users u on u.id = r.user_id
      where r.user_id = ${ownerId} group by r.user_id, u.first_name, u.last_name
    ) as reported
    where not (type = ${target.type} and id = ${target.id})
    order by newest desc, type, id limit ${SHOWN}`.execute(db);
  return rows.map((row) => ({ ...row, title: row.title ?? '' }));
}
