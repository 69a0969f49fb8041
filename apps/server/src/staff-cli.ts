import { isStaffRole, STAFF_ROLES, type StaffRole } from '@marketplace/contracts/staff';
import type { Kysely } from 'kysely';
import { loadConfig, StartupError } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { clusterLayout } from './db/embedded/cluster-folder';
import { EMBEDDED_DATABASE_NAME } from './db/embedded/embedded-postgres';
import type { Database } from './db/schema';
import { recordAudit, resetSecondFactor, StaffRepository, type AuditActor } from './modules/staff';

/**
 * `npm run staff -- <command>`: who holds a back-office role (issue 29). The first admin is made here,
 * never by a default password; admins grant the other roles in the back-office.
 *
 *   add <e-mail> <admin|moderator|support>   grant (or change) the role of an existing account
 *   remove <e-mail>                          take the role away (and the second factor with it)
 *   reset-second-factor <e-mail>             a lost phone: the next visit sets it up again
 *   list                                     everyone who holds a role
 *
 * Works beside a running app on the same DATA_DIR (through its database's socket) or alone.
 */
const USAGE = `Usage: npm run staff -- add <e-mail> <${STAFF_ROLES.join('|')}>
       npm run staff -- remove <e-mail>
       npm run staff -- reset-second-factor <e-mail>
       npm run staff -- list`;

const CLI_ACTOR: AuditActor = { id: null, name: 'command line', role: 'system', ip: null };

async function open(): Promise<DatabaseHandle> {
  const config = loadConfig();
  const embedded = { dataDir: config.dataDir, osUser: config.embeddedPostgresUser };
  try {
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, embedded });
    await migrateToLatest(handle.db);
    return handle;
  } catch (error) {
    // The app is running on this DATA_DIR: talk to its database server rather than start another.
    if (!(error instanceof StartupError) || !error.message.includes('in use by another running server')) throw error;
    const host = clusterLayout(config.dataDir).clusterDir;
    return openDatabase({
      databaseUrl: `postgresql://postgres@localhost/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(host)}`,
    });
  }
}

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

async function run(args: string[], db: Kysely<Database>): Promise<string> {
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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const handle = await open();
  try {
    process.stdout.write(`${await run(args, handle.db)}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof StartupError ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
