import path from 'node:path';
import { z } from 'zod';
import { resolveRealtimeConfig } from './realtime/realtime-config';

/** A problem the person starting the server can fix; main prints its message alone, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const positiveInteger = z.coerce.number().int().positive();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: positiveInteger.default(120),
  SESSION_ABSOLUTE_HOURS: positiveInteger.default(24 * 7),
  LOGIN_MAX_ATTEMPTS: positiveInteger.default(5),
  LOGIN_DECAY_SECONDS: positiveInteger.default(60),
  TRUST_PROXY: booleanFlag.default(false),
  SEED_DEMO: booleanFlag.default(true),
  GOOGLE_MAPS_KEY: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_APP_KEY: z.string().optional(),
  PUSHER_APP_SECRET: z.string().optional(),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  REALTIME_MAX_CONNECTIONS: positiveInteger.default(20_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: positiveInteger.default(200),
});

const fixes: Record<string, string> = {
  PORT: 'set PORT to a number from 1 to 65535, e.g. PORT=3000',
  HOST: 'set HOST to an address to listen on, e.g. HOST=127.0.0.1',
  DATABASE_URL: 'use the form postgres://user:password@host:5432/database, or unset it to use the embedded database',
  DATA_DIR: 'set DATA_DIR to a folder the server can write to',
  PUSHER_PORT: 'set PUSHER_PORT to the port of the Pusher-compatible server, e.g. 6001',
  PUSHER_SCHEME: 'set PUSHER_SCHEME to https (or http for a server on a private network)',
};

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const withoutBlanks = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const fix = fixes[name] ?? 'see the Configuration section of README.md';
    throw new StartupError(
      `Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue?.message ?? 'invalid value'}; ${fix}.`,
    );
  }
  const values = parsed.data;
  const realtime = resolveRealtimeConfig(values);
  if ('problem' in realtime) throw new StartupError(`${realtime.problem}.`);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    session: {
      idleSeconds: values.SESSION_IDLE_MINUTES * 60,
      absoluteSeconds: values.SESSION_ABSOLUTE_HOURS * 3600,
    },
    loginThrottle: { maxAttempts: values.LOGIN_MAX_ATTEMPTS, decaySeconds: values.LOGIN_DECAY_SECONDS },
    trustProxy: values.TRUST_PROXY,
    seedDemo: values.SEED_DEMO,
    googleMapsKey: values.GOOGLE_MAPS_KEY,
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(values.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    realtime: realtime.config,
    realtimeLimits: {
      maxConnections: values.REALTIME_MAX_CONNECTIONS,
      maxPerAddress: values.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    },
  };
}
