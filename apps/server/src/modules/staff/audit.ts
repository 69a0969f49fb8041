import type { StaffRole } from '@marketplace/contracts/staff';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Who acted: a staff member at the desk, or the system (the command line, a timer). */
export interface AuditActor {
  id: number | null;
  name: string;
  role: StaffRole | 'system';
  ip: string | null;
}

export interface AuditEntry {
  /** What was done, `area.verb`: `listing.remove`, `user.suspend`, `staff.grant`. */
  action: string;
  targetType: 'listing' | 'conversation' | 'user' | 'category' | 'staff' | 'report' | (string & {});
  targetId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** One of the action's listed reasons. */
  reason?: string | null;
  note?: string | null;
}

/**
 * Writes one row of the audit log in the caller's transaction: the row commits with the change it
 * records, or neither does. The log is append-only (a trigger refuses UPDATE and DELETE).
 */
export async function recordAudit(trx: Kysely<Database>, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_name: actor.name,
      actor_role: actor.role,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      reason: entry.reason ?? null,
      note: entry.note ?? null,
      ip_address: actor.ip,
    })
    .execute();
}

/** The staff member behind this request, as the audit log names them (after staffOnly passed). */
export function auditActor(request: FastifyRequest): AuditActor {
  const staff = request.staff;
  if (!staff) throw new Error('auditActor() needs a route guarded by staffOnly()');
  return { id: staff.userId, name: staff.name, role: staff.role, ip: request.ip };
}
