import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { runStaffCommand } from '../src/staff-commands';
import { createEmptyTestDatabase } from './test-app';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../src/staff-cli.ts');

let url: string;
let drop: () => Promise<void>;
let database: DatabaseHandle;

beforeAll(async () => {
  ({ url, drop } = await createEmptyTestDatabase());
  database = await openDatabase({ databaseUrl: url });
  await database.db
    .insertInto('users')
    .values({
      first_name: 'Mariam',
      last_name: 'Haddad',
      email: 'mariam@example.com',
      password_hash: 'not-a-hash',
      account_type: 'individual',
    })
    .execute();
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** `npm run staff -- …` as an operator types it, on this file's database: the real command, in its own process. */
async function staffProcess(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

/** The same commands in this process (a process of its own costs seconds to start): what they print, or their error. */
async function staff(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    return { code: 0, out: `${await runStaffCommand(args, database.db)}\n`, err: '' };
  } catch (error) {
    return { code: 1, out: '', err: error instanceof Error ? error.message : String(error) };
  }
}

describe('npm run staff', () => {
  it('makes the first admin from the command line, lists, changes and removes roles, each in the audit log', async () => {
    expect(await staff('list')).toMatchObject({ code: 0, out: 'Nobody holds a staff role yet.\n' });
    const added = await staffProcess('add', 'Mariam@Example.com', 'admin');
    expect(added.code).toBe(0);
    expect(added.out).toContain('is now admin');
    expect((await staff('list')).out).toMatch(
      /^admin\s+mariam@example\.com \(Mariam Haddad, id \d+\) — second factor not set up yet\n$/,
    );
    expect((await staff('add', 'mariam@example.com', 'moderator')).out).toContain('was admin, is now moderator');
    expect((await staff('reset-second-factor', 'mariam@example.com')).code).toBe(0);
    expect((await staff('remove', 'mariam@example.com')).out).toContain('no longer holds a staff role');
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'actor_role'])
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'staff.grant',
      'staff.change-role',
      'staff.second-factor.reset',
      'staff.take-role',
    ]);
    expect(audit.every((row) => row.actor_name === 'command line' && row.actor_role === 'system')).toBe(true);
  });

  it('says what is wrong, and changes nothing, for an unknown address, a role that is not one, or no command', async () => {
    const unknown = await staff('add', 'nobody@example.com', 'admin');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account has the e-mail address nobody@example.com');
    const badRole = await staff('add', 'mariam@example.com', 'owner');
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('Usage: npm run staff -- add <e-mail> <admin|moderator|support>');
    expect((await staff('remove', 'mariam@example.com')).err).toContain('holds no staff role');
    expect((await staff('help')).err).toContain('Usage:');
    expect(await database.db.selectFrom('staff_members').selectAll().execute()).toEqual([]);
  });
});
