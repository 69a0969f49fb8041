import { isStaffRole, STAFF_ROLES, type StaffRole } from '@marketplace/contracts/staff';
import type { Kysely } from 'kysely';
import { StartupError } from './config';
import type { Database } from './db/schema';
import { recordAudit, resetSecondFactor, StaffRepository, type AuditActor } from './modules/staff';

/** What `npm run staff` does with its arguments (staff-cli.ts opens the database and prints the answer). */
export const USAGE = `Usage: npm run staff -- add <e-mail> <${STAFF_ROLES.join('|')}>
       npm run staff -- remove <e-mail>
       npm run staff -- reset-second-factor <e-mail>
       npm run staff -- list`;

const CLI_ACTOR: AuditActor = { id: null, name: 'command line', role: 'system', ip: null };

async function userIdOf(db: Kysely<Database>, email: string): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw new StartupError(`No account has the e-mail address ${email}: sign up first, then grant the role.`);
  return user.id;
}

export async function runStaffCommand(args: string[], db: Kysely<Database>): Promise<string> {
  const [command, email, role] = args;
  const staff = new StaffRepository(db);
  if (command === 'list' && args.length === 1) {
    const members = await staff.list();
    if (members.length === 0) return 'Nobody holds a staff role yet.';
    return members
      .map(
        (member) =>
          `${member.role.padEnd(9)} ${member.email} (${member.name}, id ${member.user_id})` +
          (member.second_factor ? '' : ' — second factor not set up yet'),
      )
      .join('\n');
  }
  if (command === 'add' && email && isStaffRole(role) && args.length === 3) {
    const userId = await userIdOf(db, email);
    const grantedRole: StaffRole = role;
    const before = await db.transaction().execute(async (trx) => {
      const previous = await staff.grant(trx, userId, grantedRole, null);
      await recordAudit(trx, CLI_ACTOR, {
        action: previous ? 'staff.change-role' : 'staff.grant',
        targetType: 'user',
        targetId: userId,
        before: previous ? { role: previous } : null,
        after: { role: grantedRole },
      });
      return previous;
    });
    return before
      ? `${email} was ${before}, is now ${grantedRole}.`
      : `${email} is now ${grantedRole}. At /admin they set up their second factor first.`;
  }
  if ((command === 'remove' || command === 'reset-second-factor') && email && args.length === 2) {
    const userId = await userIdOf(db, email);
    return db.transaction().execute(async (trx) => {
      const current = await staff.roleOf(userId);
      if (!current) throw new StartupError(`${email} holds no staff role.`);
      if (command === 'remove') await staff.take(trx, userId);
      await resetSecondFactor(trx, userId);
      await recordAudit(trx, CLI_ACTOR, {
        action: command === 'remove' ? 'staff.take-role' : 'staff.second-factor.reset',
        targetType: 'user',
        targetId: userId,
        before: { role: current },
        after: command === 'remove' ? null : { role: current },
      });
      return command === 'remove'
        ? `${email} no longer holds a staff role.`
        : `${email}'s second factor is reset: they set it up again at /admin.`;
    });
  }
  throw new StartupError(USAGE);
}
