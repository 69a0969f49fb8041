import { loadConfig, StartupError } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { clusterLayout } from './db/embedded/cluster-folder';
import { EMBEDDED_DATABASE_NAME } from './db/embedded/embedded-postgres';
import { runStaffCommand, USAGE } from './staff-commands';

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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const handle = await open();
  try {
    process.stdout.write(`${await runStaffCommand(args, handle.db)}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof StartupError ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
