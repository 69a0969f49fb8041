import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, StartupError } from '../src/config';
import { runAppUntilExit } from './app-process';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.session).toEqual({ idleSeconds: 7200, absoluteSeconds: 604_800 });
  });

  it('limits abuse by default, as README says', () => {
    const config = loadConfig({});
    expect(config.loginThrottle).toEqual({ maxAttempts: 5, decaySeconds: 60 });
    expect(config.loginEmailThrottle).toEqual({ maxAttempts: 20, decaySeconds: 3600 });
    expect(config.registerThrottle).toEqual({ maxAttempts: 10, decaySeconds: 3600 });
    expect(config.httpLimits).toEqual({
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 60_000,
      idleTimeoutMs: 60_000,
      uploadTimeoutMs: 600_000,
      maxConnectionsPerAddress: 256,
    });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).httpLimits.maxConnectionsPerAddress).toBe(0);
  });

  it('sizes the embedded PostgreSQL for one app unless EMBEDDED_POSTGRES_* say otherwise, as README says', () => {
    expect(loadConfig({}).embeddedPostgresSizing).toEqual({ sharedBuffersMb: 32, maxConnections: 30, ioWorkers: 1 });
    const env = {
      EMBEDDED_POSTGRES_SHARED_BUFFERS_MB: '256',
      EMBEDDED_POSTGRES_MAX_CONNECTIONS: '100',
      EMBEDDED_POSTGRES_IO_WORKERS: '3',
    };
    expect(loadConfig(env).embeddedPostgresSizing).toEqual({ sharedBuffersMb: 256, maxConnections: 100, ioWorkers: 3 });
    expect(() => loadConfig({ EMBEDDED_POSTGRES_MAX_CONNECTIONS: '2' })).toThrow(/EMBEDDED_POSTGRES_MAX_CONNECTIONS/);
  });

  it('keeps photos in DATA_DIR/media unless MEDIA_STORAGE=s3 names a bucket, and waits SHUTDOWN_GRACE_SECONDS', () => {
    expect(loadConfig({}).media).toEqual({ kind: 'local' });
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'true' }).media).toEqual({
      kind: 's3',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow('MEDIA_STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 'gcs' })).toThrow(StartupError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow('SHUTDOWN_GRACE_SECONDS');
  });

  it('seeds the demo accounts on the embedded database, and on a DATABASE_URL only when SEED_DEMO says so', () => {
    const url = 'postgres://app@db.example:5432/market';
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('writes e-mails into DATA_DIR/mail unless SMTP_URL is set, from a default sender', () => {
    const config = loadConfig({ DATA_DIR: '/srv/market' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Marketplace <no-reply@localhost>',
      folder: '/srv/market/mail',
    });
    expect(config.appKey).toBeUndefined();
    const smtp = loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Shop <shop@example.com>' });
    expect(smtp.mail).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example:465', from: 'Shop <shop@example.com>' });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT="abc": .*set PORT to a number from 1 to 65535/],
    [{ PORT: '70000' }, /^Invalid PORT="70000"/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL=.*postgres:\/\//],
    [{ SESSION_IDLE_MINUTES: '-5' }, /^Invalid SESSION_IDLE_MINUTES/],
    [{ LOGIN_EMAIL_MAX_ATTEMPTS: '0' }, /^Invalid LOGIN_EMAIL_MAX_ATTEMPTS="0": .*e\.g\. LOGIN_EMAIL_MAX_ATTEMPTS=20/],
    [{ REGISTER_MAX_ATTEMPTS: 'many' }, /^Invalid REGISTER_MAX_ATTEMPTS="many": .*e\.g\. REGISTER_MAX_ATTEMPTS=10/],
    [{ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1' }, /^Invalid HTTP_MAX_CONNECTIONS_PER_ADDRESS="-1": .*or 0 for no cap/],
    // Secrets are not repeated into the log, a password in SMTP_URL included.
    [{ SMTP_URL: 'http://user:secret@mail.example' }, /^Invalid SMTP_URL=\(hidden\): must start with smtp:\/\//],
    [{ APP_KEY: 'too-short' }, /^Invalid APP_KEY=\(hidden\): must be at least 32 characters; set APP_KEY/],
    [
      { HTTP_HEADERS_TIMEOUT_SECONDS: '90' },
      /^Invalid HTTP_HEADERS_TIMEOUT_SECONDS=90: longer than HTTP_REQUEST_TIMEOUT_SECONDS=60; set HTTP_HEADERS/,
    ],
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
  ])('stops with one clear line for %s', async (_label, env, message) => {
    const result = await runAppUntilExit({ DATA_DIR: path.join(dataDir, 'ok'), ...env });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('secret');
    expect(result.stderr).not.toMatch(/\s+at\s.+:\d+:\d+/);
  });
});
