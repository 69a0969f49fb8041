import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { StartupError } from '../../config';

/** The operating-system account the database server runs as. */
export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

export const DEFAULT_DATABASE_USER = 'nobody';

function lookUp(name: string): OsUser | undefined {
  const id = (flag: string) => {
    const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
    return result.status === 0 ? Number(result.stdout.trim()) : Number.NaN;
  };
  const [uid, gid] = [id('-u'), id('-g')];
  return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
}

function nameOf(uid: number): string {
  const result = spawnSync('id', ['-nu', String(uid)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : `uid ${uid}`;
}

/**
 * PostgreSQL refuses to run as root. Started as root, the app runs it as: the user named by
 * EMBEDDED_POSTGRES_USER; else the owner of an existing cluster or of the data folder, when that
 * is not root; else `nobody`. Started as anyone else, it runs as that user (undefined here).
 */
export function chooseDatabaseUser(options: {
  configured: string | undefined;
  clusterDir: string;
  dataDir: string;
}): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (options.configured) {
    const user = lookUp(options.configured);
    if (!user) {
      throw new StartupError(
        `EMBEDDED_POSTGRES_USER names the user "${options.configured}", who does not exist on this machine; set it to an existing unprivileged user.`,
      );
    }
    if (user.uid === 0) {
      throw new StartupError(
        `EMBEDDED_POSTGRES_USER="${options.configured}" is root, and PostgreSQL does not run as root; set it to an unprivileged user such as nobody.`,
      );
    }
    return user;
  }
  for (const folder of [options.clusterDir, options.dataDir]) {
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    if (stat && stat.uid !== 0) return { name: nameOf(stat.uid), uid: stat.uid, gid: stat.gid };
  }
  const nobody = lookUp(DEFAULT_DATABASE_USER);
  if (!nobody) {
    throw new StartupError(
      `PostgreSQL does not run as root and this machine has no "${DEFAULT_DATABASE_USER}" user to run it as; set EMBEDDED_POSTGRES_USER to an unprivileged user, or run the app as a normal user.`,
    );
  }
  return nobody;
}
