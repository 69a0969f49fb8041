import { isInt4IdText } from '@marketplace/contracts';
import { ADMIN_SEARCH_LIMITS, type AdminUserRow } from '@marketplace/contracts/staff';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { fullName, literalPattern, msOrNull, suspensionOf } from './people';

export interface UserSearch {
  /** Trimmed; '' for every user. */
  text: string;
  /** The last id of the page before (newest first: ids grow with time). */
  before: number | undefined;
  limit: number;
}

/**
 * Users, newest first, a page at a time (one row more than `limit`, to tell whether more follow).
 * The text matches the start of an e-mail address (users_email_prefix), any part of the full name
 * from ADMIN_SEARCH_LIMITS.nameMin characters (users_name_trigrams), and, in digits, the id; it is
 * never a pattern of its own (literalPattern).
 */
export async function searchUsers(db: Kysely<Database>, search: UserSearch): Promise<AdminUserRow[]> {
  const { text, before, limit } = search;
  let query = db
    .selectFrom('users')
    .leftJoin('staff_members', 'staff_members.user_id', 'users.id')
    .select([
      'users.id',
      fullName('users').as('name'),
      'users.email',
      'users.account_type',
      'users.created_at',
      'users.email_verified_at',
      'users.deleted_at',
      'users.suspended_at',
      'users.suspended_until',
      'users.suspension_reason',
      'staff_members.role',
    ])
    .orderBy('users.id', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('users.id', '<', before);
  if (text !== '') {
    const lower = text.toLowerCase();
    query = query.where((eb) => {
      // ^@ (starts with) is answered by the e-mail prefix index; addresses are stored in lower case.
      const matches: Expression<SqlBool>[] = [sql<SqlBool>`users.email ^@ ${lower}`];
      if (Array.from(text).length >= ADMIN_SEARCH_LIMITS.nameMin) {
        matches.push(
          sql<SqlBool>`lower(users.first_name || ' ' || users.last_name) like ${`%${literalPattern(lower)}%`}`,
        );
      }
      if (isInt4IdText(text)) matches.push(eb('users.id', '=', Number(text)));
      return eb.or(matches);
    });
  }
  const now = Date.now();
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    account_type: row.account_type,
    joined_at: row.created_at.getTime(),
    verified: row.email_verified_at !== null,
    role: row.role,
    suspension: suspensionOf(row, now),
    deleted_at: msOrNull(row.deleted_at),
  }));
}
