import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A person's account as staff read it: their row with their company and their staff role (null:
 * none), with the columns every such reader needs; a reader selects more and picks the person
 * (`.where('users.id', '=', id)`). The back-office's page of a person starts here; so can
 * moderation's owner of a target.
 */
export const accountForStaff = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .leftJoin('companies', 'companies.user_id', 'users.id')
    .leftJoin('staff_members', 'staff_members.user_id', 'users.id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.account_type',
      'users.email',
      'users.deleted_at',
      'users.suspended_at',
      'users.suspended_until',
      'users.suspension_reason',
      'companies.name as company_name',
      'staff_members.role',
    ]);
