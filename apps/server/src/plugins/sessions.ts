import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_MESSAGES, message, type User } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { compileOnce } from '../db/compiled-query';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toUser, userColumns, type UserRowWithCompany } from '../modules/users';
import { HttpError } from './errors';

export const SESSION_COOKIE = 'marketplace_session';
export const CSRF_HEADER = 'x-csrf-token';
/** Writes of last_activity_at are spaced out: one per session per minute is enough for idle expiry. */
const TOUCH_INTERVAL_MS = 60_000;

export interface ActiveSession {
  id: string;
  userId: number | null;
  csrfToken: string;
}

export interface SessionOptions {
  db: Kysely<Database>;
  idleSeconds: number;
  absoluteSeconds: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
    user: User | null;
  }
  interface FastifyContextConfig {
    /** false for routes that authenticate by other means (signed server-to-server calls). */
    csrf?: boolean;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function tokensMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/** A signed-in session as its user may see it: `handle` names it in the API, never its id. */
export interface UserSession {
  id: string;
  handle: string;
  userAgent: string | null;
  createdAt: Date;
  lastActivityAt: Date;
}

/**
 * The name of a session in the API (the sessions list, "sign out" one): derived from its id by a
 * hash, so that the list gives away neither the id nor anything that finds the session's row.
 */
export const sessionHandle = (id: string): string =>
  createHash('sha256').update(`session-handle:${id}`).digest('base64url').slice(0, 22);

/** Server-side sessions in the database; the cookie holds a random token, the table only its hash. */
export class SessionStore {
  private readonly endedListeners: ((sessionId: string) => void)[] = [];

  /** The lookup of every request, built and compiled once (issue 34). */
  private readonly findQuery;

  constructor(private readonly options: SessionOptions) {
    this.findQuery = this.compileFind();
  }

  private compileFind() {
    const { db, idleSeconds, absoluteSeconds } = this.options;
    return compileOnce(db, ['tokenHash'], (param) =>
      db
        .selectFrom('sessions')
        .leftJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('companies', 'companies.user_id', 'users.id')
        .select([
          'sessions.id as session_id',
          'sessions.user_id',
          'sessions.csrf_token',
          'sessions.last_activity_at',
          ...userColumns,
        ])
        .where('sessions.id', '=', param('tokenHash'))
        // A suspended account's sessions end with the suspension (issue 29); one made since, by a
        // password reset say, signs nobody in while it lasts.
        .where((eb) =>
          eb.or([eb('users.suspended_at', 'is', null), eb('users.suspended_until', '<=', sql<Date>`now()`)]),
        )
        .where('sessions.last_activity_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
        .where('sessions.created_at', '>', sql<Date>`now() - make_interval(secs => ${absoluteSeconds})`),
    );
  }

  /** Calls `listener` with the id of every session this store ends: logout, login's renewal, expiry. */
  onSessionEnded(listener: (sessionId: string) => void): void {
    this.endedListeners.push(listener);
  }

  private ended(sessionIds: readonly string[]): void {
    for (const sessionId of sessionIds) for (const listener of this.endedListeners) listener(sessionId);
  }

  /** The live session for a cookie's token, with its user when signed in: one query per request. */
  async find(token: string): Promise<(ActiveSession & { lastActivityAt: Date; user: User | null }) | undefined> {
    const row = await this.findQuery.executeTakeFirst({ tokenHash: hashToken(token) });
    if (!row) return undefined;
    const { session_id, user_id, csrf_token, last_activity_at, ...userRow } = row;
    // sessions.user_id references users, so a row with a user id has every NOT NULL user column.
    const signedIn = user_id !== null && userRow.id !== null;
    return {
      id: session_id,
      userId: user_id,
      csrfToken: csrf_token,
      lastActivityAt: last_activity_at,
      user: signedIn ? toUser(userRow as UserRowWithCompany) : null,
    };
  }

  async create(request: FastifyRequest, userId: number | null): Promise<{ token: string; session: ActiveSession }> {
    const token = newToken();
    const session = { id: hashToken(token), userId, csrfToken: newToken() };
    await this.options.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: userId,
        csrf_token: session.csrfToken,
        ip_address: request.ip,
        user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
        last_activity_at: new Date(),
      })
      .execute();
    return { token, session };
  }

  async touch(id: string): Promise<void> {
    await this.options.db.updateTable('sessions').set({ last_activity_at: new Date() }).where('id', '=', id).execute();
  }

  async destroy(id: string): Promise<void> {
    await this.options.db.deleteFrom('sessions').where('id', '=', id).execute();
    this.ended([id]);
  }

  async destroyAllForUser(userId: number): Promise<void> {
    this.ended(await this.deleteAllForUser(this.options.db, userId));
  }

  /**
   * Deletes every session of the user in the caller's transaction (`trx`) and answers a function
   * that closes their real-time connections: call it once the transaction has committed.
   */
  async deleteAllForUserIn(trx: Kysely<Database>, userId: number): Promise<() => void> {
    const ids = await this.deleteAllForUser(trx, userId);
    return () => this.ended(ids);
  }

  private async deleteAllForUser(db: Kysely<Database>, userId: number): Promise<string[]> {
    const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
    return rows.map((row) => row.id);
  }

  /** Records that this session passed the staff second factor now (modules/staff). */
  async markSecondFactor(id: string): Promise<void> {
    await this.options.db.updateTable('sessions').set({ second_factor_at: new Date() }).where('id', '=', id).execute();
  }

  /**
   * Every session of the user forgets its passed staff second factor, in the caller's transaction
   * (`trx`): an admin reset it, so the back-office asks for it again before anything else.
   */
  async forgetSecondFactor(trx: Kysely<Database>, userId: number): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ second_factor_at: null })
      .where('user_id', '=', userId)
      .where('second_factor_at', 'is not', null)
      .execute();
  }

  /** The live sessions of a user (the ones `find` would accept), most recently active first. */
  async listForUser(userId: number): Promise<UserSession[]> {
    const { idleSeconds, absoluteSeconds } = this.options;
    const rows = await this.options.db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'created_at', 'last_activity_at'])
      .where('user_id', '=', userId)
      .where('last_activity_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${absoluteSeconds})`)
      .orderBy('last_activity_at', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      handle: sessionHandle(row.id),
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastActivityAt: row.last_activity_at,
    }));
  }

  /** Ends the user's sessions for which `which` is true; answers how many ended. */
  async destroyForUser(userId: number, which: (session: UserSession) => boolean): Promise<number> {
    const ids = (await this.listForUser(userId)).filter(which).map((session) => session.id);
    if (ids.length === 0) return 0;
    const rows = await this.options.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    this.ended(rows.map((row) => row.id));
    return rows.length;
  }

  async pruneExpired(): Promise<void> {
    const { idleSeconds, absoluteSeconds } = this.options;
    const rows = await this.options.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('last_activity_at', '<=', sql<Date>`now() - make_interval(secs => ${idleSeconds})`),
          eb('created_at', '<=', sql<Date>`now() - make_interval(secs => ${absoluteSeconds})`),
        ]),
      )
      .returning('id')
      .execute();
    this.ended(rows.map((row) => row.id));
  }

  get cookieMaxAge(): number {
    return this.options.absoluteSeconds;
  }
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge,
  });
}

/**
 * Replaces the request's session with a new one (new id, new CSRF token) for `userId`, or a guest
 * session when null: at login and registration against fixation, at logout so the old cookie dies.
 * The new CSRF token goes back in the X-CSRF-TOKEN response header for the page to pick up.
 */
export async function renewSession(request: FastifyRequest, reply: FastifyReply, userId: number | null) {
  const store = request.server.sessions;
  if (request.session) await store.destroy(request.session.id);
  const { token, session } = await store.create(request, userId);
  request.session = session;
  setSessionCookie(request, reply, token, store.cookieMaxAge);
  reply.header(CSRF_HEADER, session.csrfToken);
  return session;
}

/** The session for an HTML page: the current one, or a new guest session so the page has a CSRF token. */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession> {
  if (request.session) return request.session;
  const { token, session } = await request.server.sessions.create(request, null);
  request.session = session;
  setSessionCookie(request, reply, token, request.server.sessions.cookieMaxAge);
  return session;
}

export const sessions = fp(
  (app: FastifyInstance, options: SessionOptions) => {
    const store = new SessionStore(options);
    app.decorate('sessions', store);
    app.decorateRequest('session', null);
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const found = token ? await store.find(token) : undefined;
      if (found) {
        request.session = { id: found.id, userId: found.userId, csrfToken: found.csrfToken };
        if (Date.now() - found.lastActivityAt.getTime() > TOUCH_INTERVAL_MS) await store.touch(found.id);
        request.user = found.user;
      }
    });
    // After the routes' own onRequest hooks, so a signed-in-only route answers a caller without a
    // session 401 (log in again), not 419; still before the body is parsed or anything runs.
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return payload;
      if (!request.session || !tokensMatch(request.session.csrfToken, request.headers[CSRF_HEADER])) {
        // The page's token may just be stale (a login in another tab rotated it): the answer carries the
        // current one, which only this site's own scripts can read, so the app can retry once.
        const headers: Record<string, string> = request.session ? { [CSRF_HEADER]: request.session.csrfToken } : {};
        throw new HttpError(419, message(API_MESSAGES.csrf), { headers });
      }
      return payload;
    });
    return Promise.resolve();
  },
  { name: 'sessions', dependencies: ['@fastify/cookie'] },
);

/** The signed-in user, or a 401 for the caller. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(401, message(API_MESSAGES.unauthenticated));
  return request.user;
}

/** Route-level onRequest hook: signed-out callers get 401 before their input is even parsed. */
export function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(request.user ? undefined : new HttpError(401, message(API_MESSAGES.unauthenticated)));
}
