import type { StaffMember, StaffRole } from '@marketplace/contracts/staff';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A staff member as the guard sees them on each back-office request. */
export interface StaffStanding {
  role: StaffRole;
  name: string;
  email: string;
  secondFactorConfirmed: boolean;
  /** When this session last passed the second factor. */
  secondFactorAt: Date | null;
}

/** Roles on accounts: who holds one, granting and taking them. */
export class StaffRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One query per back-office request: the role, the second factor's set-up, this session's pass. */
  async standing(userId: number, sessionId: string): Promise<StaffStanding | undefined> {
    const row = await this.db
      .selectFrom('staff_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('staff_second_factors as f', 'f.user_id', 'm.user_id')
      .leftJoin('sessions as s', (join) => join.on('s.id', '=', sessionId).onRef('s.user_id', '=', 'm.user_id'))
      .select(['m.role', 'u.first_name', 'u.last_name', 'u.email', 'f.confirmed_at', 's.second_factor_at'])
      .where('m.user_id', '=', userId)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      role: row.role,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      secondFactorConfirmed: row.confirmed_at !== null,
      secondFactorAt: row.second_factor_at,
    };
  }

  async roleOf(userId: number): Promise<StaffRole | undefined> {
    const row = await this.db
      .selectFrom('staff_members')
      .select('role')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  async list(): Promise<StaffMember[]> {
    const rows = await this.db
      .selectFrom('staff_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('staff_second_factors as f', 'f.user_id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'm.created_at', 'u.first_name', 'u.last_name', 'u.email', 'f.confirmed_at'])
      .orderBy('m.created_at')
      .orderBy('m.user_id')
      .execute();
    return rows.map((row) => ({
      user_id: row.user_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      role: row.role,
      second_factor: row.confirmed_at !== null,
      since: row.created_at.getTime(),
    }));
  }

  /** Grants or changes a role; answers the role held before (undefined: none). */
  async grant(
    trx: Kysely<Database>,
    userId: number,
    role: StaffRole,
    grantedBy: number | null,
  ): Promise<StaffRole | undefined> {
    const before = await trx
      .selectFrom('staff_members')
      .select('role')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('staff_members')
      .values({ user_id: userId, role, granted_by: grantedBy })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ role, granted_by: grantedBy }))
      .execute();
    return before?.role;
  }

  /** Takes the role away; answers the role taken (undefined: there was none). */
  async take(trx: Kysely<Database>, userId: number): Promise<StaffRole | undefined> {
    const row = await trx
      .deleteFrom('staff_members')
      .where('user_id', '=', userId)
      .returning('role')
      .executeTakeFirst();
    return row?.role;
  }

  /** How many admins there are besides `userId`: the last admin cannot be removed from the back-office. */
  async otherAdmins(trx: Kysely<Database>, userId: number): Promise<number> {
    const row = await trx
      .selectFrom('staff_members')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('role', '=', 'admin')
      .where('user_id', '<>', userId)
      .executeTakeFirstOrThrow();
    return row.count;
  }
}
