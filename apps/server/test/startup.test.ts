import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from '../src/config';

const mainFile = path.join(import.meta.dirname, '../src/main.ts');

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', mainFile], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout };
}

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.session).toEqual({ idleSeconds: 7200, absoluteSeconds: 604_800 });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT="abc": .*set PORT to a number from 1 to 65535/],
    [{ PORT: '70000' }, /^Invalid PORT="70000"/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL=.*postgres:\/\//],
    [{ SESSION_IDLE_MINUTES: '-5' }, /^Invalid SESSION_IDLE_MINUTES/],
  ])('rejects %o with a message that says how to fix it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(StartupError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('start-up with a bad configuration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-start-'));
  const aFile = path.join(dataDir, 'a-file');
  fs.writeFileSync(aFile, '');

  it.each([
    ['an invalid PORT', { PORT: 'abc' }, /^Cannot start: Invalid PORT="abc"/],
    [
      'an unusable DATA_DIR',
      { DATA_DIR: path.join(aFile, 'data') },
      /^Cannot start: Cannot use .* \(ENOTDIR\); set DATA_DIR/,
    ],
    [
      'an unreachable DATABASE_URL',
      { DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' },
      /^Cannot start: Cannot connect to the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/,
    ],
  ])('stops with one clear line for %s', (_label, env, message) => {
    const result = start({ DATA_DIR: path.join(dataDir, 'ok'), ...env });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('secret');
    expect(result.stderr).not.toMatch(/\s+at\s.+:\d+:\d+/);
  });
});
