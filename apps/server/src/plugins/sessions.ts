import { timingSafeEqual } from 'node:crypto';
import { API_MESSAGES, message, type User } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';
import { SessionStore, type ActiveSession, type FoundSession, type SessionOptions } from './session-store';

export {
  SessionStore,
  sessionHandle,
  type ActiveSession,
  type FoundSession,
  type SessionOptions,
  type UserSession,
} from './session-store';

export const SESSION_COOKIE = 'marketplace_session';
export const CSRF_HEADER = 'x-csrf-token';
/** Writes of last_activity_at are spaced out: one per session per minute is enough for idle expiry. */
const TOUCH_INTERVAL_MS = 60_000;

/** A backstop: a cached session is read again from the database at least this often (decision 038). */
const SESSION_CACHE_TTL_MS = 30_000;

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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function tokensMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
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
    const cache = app.hasDecorator('readCaches')
      ? app.readCaches.create<FoundSession>({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 50_000 })
      : undefined;
    const store = new SessionStore(options, cache);
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
