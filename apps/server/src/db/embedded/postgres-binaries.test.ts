import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresBinaries, linkLibraries } from './postgres-binaries';

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-binaries-'));
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('the PostgreSQL binaries from npm', () => {
  it('are found for this platform, with their version', () => {
    const binaries = findPostgresBinaries();
    expect(binaries.major).toBe(18);
    const version = spawnSync(path.join(binaries.root, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(`postgres (PostgreSQL) ${binaries.version}`);
  });

  it('get the library links npm did not make when it skipped their install script', () => {
    const native = path.join(copy, 'native');
    fs.cpSync(findPostgresBinaries().root, native, { recursive: true, verbatimSymlinks: true });
    const links = JSON.parse(fs.readFileSync(path.join(native, 'pg-symlinks.json'), 'utf8')) as { target: string }[];
    for (const { target } of links) fs.rmSync(path.join(copy, target), { force: true });
    const before = spawnSync(path.join(native, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' });
    expect(before.status).not.toBe(0);

    linkLibraries(native, 'a copy');
    const after = spawnSync(path.join(native, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' });
    expect(after.stdout).toMatch(/^postgres \(PostgreSQL\) 18\./);
  });
});
