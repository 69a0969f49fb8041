import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { compileOnce } from '../db/compiled-query';
import type { ReadCache } from '../db/read-cache';
import type { Database } from '../db/schema';
import { toUser, userColumns, type UserRowWithCompany } from '../modules/users';

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

/** What the lookup of every request answers; the session cache keeps it by session id. */
export type FoundSession = ActiveSession & { lastActivityAt: Date; createdAt: Date; user: User | null };

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

  constructor(
    private readonly options: SessionOptions,
    /** Sessions found, dropped by the writes to what they show (read-caches.ts); none when turned off. */
    private readonly cache?: ReadCache<FoundSession>,
  ) {
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
          'sessions.created_at as session_created_at',
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
    // Committed: this process forgets them now, the others when the trigger's NOTIFY arrives.
    for (const sessionId of sessionIds) this.cache?.delete(sessionId);
    for (const sessionId of sessionIds) for (const listener of this.endedListeners) listener(sessionId);
  }

  /**
   * The live session for a cookie's token, with its user when signed in: one query per request, or
   * none when cached. A cached session past its idle or absolute limit is read again, never served.
   */
  async find(token: string): Promise<FoundSession | undefined> {
    const tokenHash = hashToken(token);
    const cached = this.cache?.get(tokenHash);
    if (cached && this.unexpired(cached)) return cached;
    if (cached) this.cache?.delete(tokenHash);
    const ticket = this.cache?.ticket() ?? -1;
    const row = await this.findQuery.executeTakeFirst({ tokenHash });
    if (!row) return undefined;
    const { session_id, user_id, csrf_token, last_activity_at, session_created_at, ...userRow } = row;
    // sessions.user_id references users, so a row with a user id has every NOT NULL user column.
    const signedIn = user_id !== null && userRow.id !== null;
    const found: FoundSession = {
      id: session_id,
      userId: user_id,
      csrfToken: csrf_token,
      lastActivityAt: last_activity_at,
      createdAt: session_created_at,
      user: signedIn ? toUser(userRow as UserRowWithCompany) : null,
    };
    const tags = user_id === null ? [`session:${session_id}`] : [`session:${session_id}`, `user:${user_id}`];
    this.cache?.set(tokenHash, tags, found, ticket);
    return found;
  }

  private unexpired(session: FoundSession): boolean {
    const now = Date.now();
    return (
      now - session.lastActivityAt.getTime() < this.options.idleSeconds * 1000 &&
      now - session.createdAt.getTime() < this.options.absoluteSeconds * 1000
    );
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

  /** Moves last_activity_at forward: migration 0032's trigger lets that pass unnotified, so the cache follows here. */
  async touch(id: string): Promise<void> {
    const now = new Date();
    await this.options.db.updateTable('sessions').set({ last_activity_at: now }).where('id', '=', id).execute();
    const cached = this.cache?.get(id);
    if (cached) cached.lastActivityAt = now;
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
