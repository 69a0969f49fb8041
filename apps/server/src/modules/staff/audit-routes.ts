import { decodePageCursor, encodeMessage, encodePageCursor, message } from '@marketplace/contracts';
import { AUDIT_PAGE_SIZE, AUDIT_ROUTES, type AuditEntry } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';

/** The query as the route's schema parsed it. */
interface AuditFilters {
  actor?: number | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/**
 * The query of one page of the audit log, newest first by id (the log's own order: every index of
 * it ends with `id desc`), after `before` when given, one row more than `limit`. Free text matches
 * the note or the actor's name as typed (`%` and `_` are letters here, not patterns), each through
 * its trigram index (migration 0027): a rare text reads only its rows, a common one the newest by id.
 */
export function auditPageQuery(
  db: Kysely<Database>,
  filters: AuditFilters,
  before: number | undefined,
  limit = AUDIT_PAGE_SIZE,
) {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  if (filters.actor !== undefined) query = query.where('actor_id', '=', filters.actor);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.target_type) query = query.where('target_type', '=', filters.target_type);
  if (filters.target_id !== undefined) query = query.where('target_id', '=', filters.target_id);
  if (filters.from !== undefined) query = query.where('created_at', '>=', new Date(filters.from));
  if (filters.to !== undefined) query = query.where('created_at', '<', new Date(filters.to));
  if (filters.q) {
    const pattern = `%${filters.q.replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) => eb.or([eb('note', 'ilike', pattern), eb('actor_name', 'ilike', pattern)]));
  }
  return query;
}

/** One page of the audit log (auditPageQuery), and the id the next page starts before. */
export async function readAuditPage(
  db: Kysely<Database>,
  filters: AuditFilters,
  before: number | undefined,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ data: AuditEntry[]; next: number | null }> {
  const query = auditPageQuery(db, filters, before, limit);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => ({
      id: row.id,
      actor: { id: row.actor_id, name: row.actor_name, role: row.actor_role },
      action: row.action,
      target: { type: row.target_type, id: row.target_id },
      before: row.before,
      after: row.after,
      reason: row.reason,
      note: row.note,
      ip: row.ip_address,
      created_at: row.created_at.toISOString(),
    })),
    next: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The distinct values of a short column of the log, sorted: the filters' lists. */
async function distinct(db: Kysely<Database>, column: 'action' | 'target_type'): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(sql<string>`${sql.ref(column)}`.as('value'))
    .distinct()
    .orderBy('value')
    .execute();
  return rows.map((row) => row.value);
}

/** GET /api/admin/audit and its filters' lists (staff whose role has 'audit.view'). No route changes the log. */
export function auditRoutes(app: FastifyInstance): void {
  const guard = { onRequest: app.staffDesk.may('audit.view') };

  route(app, AUDIT_ROUTES.list, guard, async (request) => {
    const { cursor, ...filters } = request.query;
    const before = cursor === undefined ? undefined : decodePageCursor(AUDIT_ROUTES.list.cursor, cursor);
    if (cursor !== undefined && before === undefined) {
      throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
    }
    const page = await readAuditPage(app.db, filters, before);
    return {
      data: page.data,
      next_cursor: page.next === null ? null : encodePageCursor(AUDIT_ROUTES.list.cursor, page.next),
    };
  });

  route(app, AUDIT_ROUTES.facets, guard, async () => {
    const [actions, targetTypes] = await Promise.all([distinct(app.db, 'action'), distinct(app.db, 'target_type')]);
    return { actions, target_types: targetTypes };
  });
}
