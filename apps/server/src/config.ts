import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SERVER_SIZING } from './db/embedded/server-sizing';
import { resolveRealtimeConfig } from './realtime/realtime-config';

/** A problem the person starting the server can fix; main prints its message alone, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const positiveInteger = z.coerce.number().int().positive();
const countOrOff = z.coerce.number().int().min(0);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_POSTGRES_USER: z.string().optional(),
  EMBEDDED_POSTGRES_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_048_576)
    .default(DEFAULT_SERVER_SIZING.sharedBuffersMb),
  EMBEDDED_POSTGRES_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(5)
    .max(10_000)
    .default(DEFAULT_SERVER_SIZING.maxConnections),
  EMBEDDED_POSTGRES_IO_WORKERS: z.coerce.number().int().min(1).max(32).default(DEFAULT_SERVER_SIZING.ioWorkers),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: positiveInteger.default(120),
  SESSION_ABSOLUTE_HOURS: positiveInteger.default(24 * 7),
  READ_CACHES: booleanFlag.default(true),
  LOGIN_MAX_ATTEMPTS: positiveInteger.default(5),
  LOGIN_DECAY_SECONDS: positiveInteger.default(60),
  LOGIN_EMAIL_MAX_ATTEMPTS: positiveInteger.default(20),
  LOGIN_EMAIL_DECAY_SECONDS: positiveInteger.default(3600),
  REGISTER_MAX_ATTEMPTS: positiveInteger.default(10),
  PASSWORD_RESET_EMAIL_MAX_ATTEMPTS: positiveInteger.default(3),
  PASSWORD_RESET_IP_MAX_ATTEMPTS: positiveInteger.default(20),
  PASSWORD_RESET_DECAY_SECONDS: positiveInteger.default(3600),
  EMAIL_VERIFICATION_MAX_SENDS: positiveInteger.default(3),
  EMAIL_VERIFICATION_DECAY_SECONDS: positiveInteger.default(3600),
  LISTINGS_PER_HOUR: positiveInteger.default(30),
  PHOTO_UPLOADS_PER_HOUR: positiveInteger.default(120),
  REPORTS_PER_HOUR: positiveInteger.default(10),
  SAVED_SEARCHES_PER_HOUR: positiveInteger.default(20),
  ORDERS_PER_HOUR: positiveInteger.default(20),
  MESSAGES_PER_MINUTE: positiveInteger.default(30),
  SUPPORT_TICKETS_PER_ADDRESS: positiveInteger.default(5),
  SUPPORT_TICKETS_PER_NETWORK: positiveInteger.default(20),
  SUPPORT_REPLIES_PER_TICKET: positiveInteger.default(30),
  SUPPORT_MIN_FILL_SECONDS: countOrOff.default(3),
  NEWSLETTER_SIGNUPS_PER_ADDRESS: positiveInteger.default(3),
  NEWSLETTER_SIGNUPS_PER_NETWORK: positiveInteger.default(20),
  NEWSLETTER_SENDS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  REGISTER_DECAY_SECONDS: positiveInteger.default(3600),
  HTTP_HEADERS_TIMEOUT_SECONDS: positiveInteger.default(30),
  HTTP_REQUEST_TIMEOUT_SECONDS: positiveInteger.default(60),
  HTTP_IDLE_TIMEOUT_SECONDS: positiveInteger.default(60),
  HTTP_UPLOAD_TIMEOUT_SECONDS: positiveInteger.default(600),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: countOrOff.default(256),
  SHUTDOWN_GRACE_SECONDS: countOrOff.max(3600).default(10),
  TRUST_PROXY: booleanFlag.default(false),
  // Unset: demo accounts on the embedded database (the quick start) and none on a DATABASE_URL.
  SEED_DEMO: booleanFlag.optional(),
  DEMO_PHOTO_CACHE_DIR: z.string().optional(),
  GOOGLE_MAPS_KEY: z.string().default(''),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+$/, 'must be http(s)://host[:port] with no path')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_APP_KEY: z.string().optional(),
  PUSHER_APP_SECRET: z.string().optional(),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  REALTIME_MAX_CONNECTIONS: positiveInteger.default(20_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: positiveInteger.default(200),
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must start with http:// or https://')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  MEDIA_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?$/, 'must be an absolute http(s) address with no ?query or #fragment')
    .refine((value) => URL.canParse(value), 'not a valid address')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Marketplace <no-reply@localhost>'),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});

const fixes: Record<string, string> = {
  PORT: 'set PORT to a number from 1 to 65535, e.g. PORT=3000',
  HOST: 'set HOST to an address to listen on, e.g. HOST=127.0.0.1',
  DATABASE_URL: 'use the form postgres://user:password@host:5432/database, or unset it to use the embedded database',
  DATA_DIR: 'set DATA_DIR to a folder the server can write to',
  PUBLIC_URL: 'set PUBLIC_URL to the address people reach the site at, e.g. https://market.example',
  PUSHER_PORT: 'set PUSHER_PORT to the port of the Pusher-compatible server, e.g. 6001',
  PUSHER_SCHEME: 'set PUSHER_SCHEME to https (or http for a server on a private network)',
  LOGIN_MAX_ATTEMPTS: 'set LOGIN_MAX_ATTEMPTS to a whole number of attempts above 0, e.g. LOGIN_MAX_ATTEMPTS=5',
  LOGIN_DECAY_SECONDS: 'set LOGIN_DECAY_SECONDS to a whole number of seconds above 0, e.g. LOGIN_DECAY_SECONDS=60',
  LOGIN_EMAIL_MAX_ATTEMPTS:
    'set LOGIN_EMAIL_MAX_ATTEMPTS to a whole number of attempts above 0, e.g. LOGIN_EMAIL_MAX_ATTEMPTS=20',
  LOGIN_EMAIL_DECAY_SECONDS:
    'set LOGIN_EMAIL_DECAY_SECONDS to a whole number of seconds above 0, e.g. LOGIN_EMAIL_DECAY_SECONDS=3600',
  REGISTER_MAX_ATTEMPTS:
    'set REGISTER_MAX_ATTEMPTS to a whole number of sign-ups above 0, e.g. REGISTER_MAX_ATTEMPTS=10',
  LISTINGS_PER_HOUR: 'set LISTINGS_PER_HOUR to a whole number above 0, e.g. LISTINGS_PER_HOUR=30',
  PHOTO_UPLOADS_PER_HOUR: 'set PHOTO_UPLOADS_PER_HOUR to a whole number above 0, e.g. PHOTO_UPLOADS_PER_HOUR=120',
  REPORTS_PER_HOUR: 'set REPORTS_PER_HOUR to a whole number above 0, e.g. REPORTS_PER_HOUR=10',
  SAVED_SEARCHES_PER_HOUR: 'set SAVED_SEARCHES_PER_HOUR to a whole number above 0, e.g. SAVED_SEARCHES_PER_HOUR=20',
  ORDERS_PER_HOUR: 'set ORDERS_PER_HOUR to a whole number above 0, e.g. ORDERS_PER_HOUR=20',
  MESSAGES_PER_MINUTE: 'set MESSAGES_PER_MINUTE to a whole number above 0, e.g. MESSAGES_PER_MINUTE=30',
  SUPPORT_TICKETS_PER_ADDRESS:
    'set SUPPORT_TICKETS_PER_ADDRESS to a whole number above 0, e.g. SUPPORT_TICKETS_PER_ADDRESS=5',
  SUPPORT_TICKETS_PER_NETWORK:
    'set SUPPORT_TICKETS_PER_NETWORK to a whole number above 0, e.g. SUPPORT_TICKETS_PER_NETWORK=20',
  SUPPORT_REPLIES_PER_TICKET:
    'set SUPPORT_REPLIES_PER_TICKET to a whole number above 0, e.g. SUPPORT_REPLIES_PER_TICKET=30',
  SUPPORT_MIN_FILL_SECONDS:
    'set SUPPORT_MIN_FILL_SECONDS to a whole number of seconds, e.g. SUPPORT_MIN_FILL_SECONDS=3',
  NEWSLETTER_SIGNUPS_PER_ADDRESS:
    'set NEWSLETTER_SIGNUPS_PER_ADDRESS to a whole number above 0, e.g. NEWSLETTER_SIGNUPS_PER_ADDRESS=3',
  NEWSLETTER_SIGNUPS_PER_NETWORK:
    'set NEWSLETTER_SIGNUPS_PER_NETWORK to a whole number above 0, e.g. NEWSLETTER_SIGNUPS_PER_NETWORK=20',
  NEWSLETTER_SENDS_PER_MINUTE:
    'set NEWSLETTER_SENDS_PER_MINUTE to a whole number, 0 for no pacing, e.g. NEWSLETTER_SENDS_PER_MINUTE=600',
  PASSWORD_RESET_EMAIL_MAX_ATTEMPTS:
    'set PASSWORD_RESET_EMAIL_MAX_ATTEMPTS to a whole number of requests above 0, e.g. PASSWORD_RESET_EMAIL_MAX_ATTEMPTS=3',
  PASSWORD_RESET_IP_MAX_ATTEMPTS:
    'set PASSWORD_RESET_IP_MAX_ATTEMPTS to a whole number of requests above 0, e.g. PASSWORD_RESET_IP_MAX_ATTEMPTS=20',
  PASSWORD_RESET_DECAY_SECONDS:
    'set PASSWORD_RESET_DECAY_SECONDS to a whole number of seconds above 0, e.g. PASSWORD_RESET_DECAY_SECONDS=3600',
  EMAIL_VERIFICATION_MAX_SENDS:
    'set EMAIL_VERIFICATION_MAX_SENDS to a whole number of links above 0, e.g. EMAIL_VERIFICATION_MAX_SENDS=3',
  EMAIL_VERIFICATION_DECAY_SECONDS:
    'set EMAIL_VERIFICATION_DECAY_SECONDS to a whole number of seconds above 0, e.g. EMAIL_VERIFICATION_DECAY_SECONDS=3600',
  REGISTER_DECAY_SECONDS:
    'set REGISTER_DECAY_SECONDS to a whole number of seconds above 0, e.g. REGISTER_DECAY_SECONDS=3600',
  HTTP_HEADERS_TIMEOUT_SECONDS:
    'set HTTP_HEADERS_TIMEOUT_SECONDS to a whole number of seconds above 0, at most HTTP_REQUEST_TIMEOUT_SECONDS, e.g. 30',
  HTTP_REQUEST_TIMEOUT_SECONDS:
    'set HTTP_REQUEST_TIMEOUT_SECONDS to a whole number of seconds above 0, at least HTTP_HEADERS_TIMEOUT_SECONDS, e.g. 60',
  HTTP_IDLE_TIMEOUT_SECONDS: 'set HTTP_IDLE_TIMEOUT_SECONDS to a whole number of seconds above 0, e.g. 60',
  HTTP_UPLOAD_TIMEOUT_SECONDS: 'set HTTP_UPLOAD_TIMEOUT_SECONDS to a whole number of seconds above 0, e.g. 600',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS:
    'set HTTP_MAX_CONNECTIONS_PER_ADDRESS to a whole number of connections, e.g. 256, or 0 for no cap',
  EMBEDDED_POSTGRES_SHARED_BUFFERS_MB:
    'set EMBEDDED_POSTGRES_SHARED_BUFFERS_MB to a whole number of megabytes above 0, e.g. 128',
  EMBEDDED_POSTGRES_MAX_CONNECTIONS: 'set EMBEDDED_POSTGRES_MAX_CONNECTIONS to a whole number from 5 to 10000, e.g. 30',
  EMBEDDED_POSTGRES_IO_WORKERS: 'set EMBEDDED_POSTGRES_IO_WORKERS to a whole number from 1 to 32, e.g. 1',
  SHUTDOWN_GRACE_SECONDS:
    'set SHUTDOWN_GRACE_SECONDS to a whole number of seconds from 0 to 3600, e.g. SHUTDOWN_GRACE_SECONDS=10',
  MEDIA_STORAGE: 'set MEDIA_STORAGE to local (files in DATA_DIR/media) or s3 (a bucket: set S3_BUCKET too)',
  S3_BUCKET: 'set S3_BUCKET to the name of the bucket for photos, e.g. S3_BUCKET=marketplace-media',
  S3_ENDPOINT:
    'set S3_ENDPOINT to the address of the S3-compatible store, e.g. https://<account>.r2.cloudflarestorage.com',
  MEDIA_PUBLIC_URL:
    'set MEDIA_PUBLIC_URL to where the public photos are served from, e.g. https://cdn.example.com/media, or unset it to serve them through the app',
  S3_FORCE_PATH_STYLE: 'set S3_FORCE_PATH_STYLE to true (MinIO, local stores) or false (AWS, R2)',
  SMTP_URL:
    'use the form smtp://user:password@host:587 (or smtps://…:465), or unset it to write e-mails to DATA_DIR/mail',
  MAIL_FROM: 'set MAIL_FROM to the sender of e-mails, e.g. MAIL_FROM="Marketplace <no-reply@market.example>"',
  APP_KEY: 'set APP_KEY to a random secret of at least 32 characters (openssl rand -hex 32), or unset it',
};

const HIDDEN_VALUES = new Set(['APP_KEY', 'SMTP_URL', 'S3_SECRET_ACCESS_KEY']);

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const withoutBlanks = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(withoutBlanks);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const fix = fixes[name] ?? 'see the Configuration section of README.md';
    // A secret (or a URL with a password in it) is not repeated into the log.
    const shown = HIDDEN_VALUES.has(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
    throw new StartupError(`Invalid ${name}=${shown}: ${issue?.message ?? 'invalid value'}; ${fix}.`);
  }
  const values = parsed.data;
  // Node refuses a headers time-out longer than the whole request's.
  if (values.HTTP_HEADERS_TIMEOUT_SECONDS > values.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new StartupError(
      `Invalid HTTP_HEADERS_TIMEOUT_SECONDS=${values.HTTP_HEADERS_TIMEOUT_SECONDS}: longer than HTTP_REQUEST_TIMEOUT_SECONDS=${values.HTTP_REQUEST_TIMEOUT_SECONDS}; ${fixes.HTTP_HEADERS_TIMEOUT_SECONDS}.`,
    );
  }
  if (values.MEDIA_STORAGE === 's3' && !values.S3_BUCKET) {
    throw new StartupError(`MEDIA_STORAGE=s3 needs S3_BUCKET; ${fixes.S3_BUCKET}.`);
  }
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new StartupError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together; set both, or neither to use the machine's own credentials.",
    );
  }
  const realtime = resolveRealtimeConfig(values);
  if ('problem' in realtime) throw new StartupError(`${realtime.problem}.`);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    embeddedPostgresUser: values.EMBEDDED_POSTGRES_USER,
    /** The embedded server's size (db/embedded/server-sizing.ts). */
    embeddedPostgresSizing: {
      sharedBuffersMb: values.EMBEDDED_POSTGRES_SHARED_BUFFERS_MB,
      maxConnections: values.EMBEDDED_POSTGRES_MAX_CONNECTIONS,
      ioWorkers: values.EMBEDDED_POSTGRES_IO_WORKERS,
    },
    logLevel: values.LOG_LEVEL,
    session: {
      idleSeconds: values.SESSION_IDLE_MINUTES * 60,
      absoluteSeconds: values.SESSION_ABSOLUTE_HOURS * 3600,
    },
    /** Sessions and profiles served from memory, dropped by the writes' NOTIFY (decision 038). */
    readCaches: values.READ_CACHES,
    loginThrottle: { maxAttempts: values.LOGIN_MAX_ATTEMPTS, decaySeconds: values.LOGIN_DECAY_SECONDS },
    loginEmailThrottle: {
      maxAttempts: values.LOGIN_EMAIL_MAX_ATTEMPTS,
      decaySeconds: values.LOGIN_EMAIL_DECAY_SECONDS,
    },
    registerThrottle: { maxAttempts: values.REGISTER_MAX_ATTEMPTS, decaySeconds: values.REGISTER_DECAY_SECONDS },
    passwordResetThrottles: {
      perEmail: {
        maxAttempts: values.PASSWORD_RESET_EMAIL_MAX_ATTEMPTS,
        decaySeconds: values.PASSWORD_RESET_DECAY_SECONDS,
      },
      perAddress: {
        maxAttempts: values.PASSWORD_RESET_IP_MAX_ATTEMPTS,
        decaySeconds: values.PASSWORD_RESET_DECAY_SECONDS,
      },
    },
    /** Verification links one user may ask again for (the one sent at registration is not counted). */
    emailVerificationThrottle: {
      maxAttempts: values.EMAIL_VERIFICATION_MAX_SENDS,
      decaySeconds: values.EMAIL_VERIFICATION_DECAY_SECONDS,
    },
    catalogueThrottles: {
      drafts: { maxAttempts: values.LISTINGS_PER_HOUR, decaySeconds: 3600 },
      photos: { maxAttempts: values.PHOTO_UPLOADS_PER_HOUR, decaySeconds: 3600 },
      reports: { maxAttempts: values.REPORTS_PER_HOUR, decaySeconds: 3600 },
    },
    savedSearchesThrottle: { maxAttempts: values.SAVED_SEARCHES_PER_HOUR, decaySeconds: 3600 },
    /** Orders one buyer may start in an hour: each one asks a seller for an answer. */
    orderThrottle: { maxAttempts: values.ORDERS_PER_HOUR, decaySeconds: 3600 },
    messageThrottle: { maxAttempts: values.MESSAGES_PER_MINUTE, decaySeconds: 60 },
    /** Support tickets (issue 30): new ones per e-mail address and per network an hour, replies per ticket an hour. */
    supportThrottles: {
      perAddress: { maxAttempts: values.SUPPORT_TICKETS_PER_ADDRESS, decaySeconds: 3600 },
      perNetwork: { maxAttempts: values.SUPPORT_TICKETS_PER_NETWORK, decaySeconds: 3600 },
      perTicket: { maxAttempts: values.SUPPORT_REPLIES_PER_TICKET, decaySeconds: 3600 },
    },
    /** The contact form is sent this long after it was issued at the earliest (a person writes; a script posts). */
    supportMinFillSeconds: values.SUPPORT_MIN_FILL_SECONDS,
    /** Newsletter sign-ups (issue 31) per e-mail address and per network an hour. */
    newsletterThrottles: {
      perAddress: { maxAttempts: values.NEWSLETTER_SIGNUPS_PER_ADDRESS, decaySeconds: 3600 },
      perNetwork: { maxAttempts: values.NEWSLETTER_SIGNUPS_PER_NETWORK, decaySeconds: 3600 },
    },
    /** Newsletter issues handed to the mail outbox a minute (decision 040); 0: no pacing. */
    newsletterSendsPerMinute: values.NEWSLETTER_SENDS_PER_MINUTE,
    httpLimits: {
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: values.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      uploadTimeoutMs: values.HTTP_UPLOAD_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: values.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    /** On SIGTERM, requests in flight get this long to finish before their connections are cut. */
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    trustProxy: values.TRUST_PROXY,
    // Demo accounts have their passwords in the README: a deployment's database gets them only when
    // asked for in so many words.
    seedDemo: values.SEED_DEMO ?? values.DATABASE_URL === undefined,
    /** Where drawn demo photos are kept between data dirs; unset: node_modules/.cache (drawn-photo-cache.ts). */
    demoPhotoCacheDir: values.DEMO_PHOTO_CACHE_DIR,
    googleMapsKey: values.GOOGLE_MAPS_KEY,
    publicUrl: values.PUBLIC_URL,
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(values.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    realtime: realtime.config,
    mail: {
      /** Unset: each e-mail is written as an .eml file into `folder`. */
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      folder: path.join(path.resolve(values.DATA_DIR), 'mail'),
    },
    /** Where uploaded photos live (docs/deploy.md): DATA_DIR/media, or an S3-compatible bucket. */
    media:
      values.MEDIA_STORAGE === 's3' && values.S3_BUCKET
        ? {
            kind: 's3' as const,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
            credentials:
              values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : { kind: 'local' as const },
    /** Where public photos and avatars are loaded from (modules/media/public-media.ts); unset: '/media' on this app. */
    mediaPublicUrl: values.MEDIA_PUBLIC_URL,
    /** Signs unsubscribe links; unset, the app makes one and keeps it in the database (decision 019). */
    appKey: values.APP_KEY,
    realtimeLimits: {
      maxConnections: values.REALTIME_MAX_CONNECTIONS,
      maxPerAddress: values.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    },
  };
}
