import {
  API_MESSAGES,
  DEFAULT_LOCALE,
  decodePageCursor,
  encodeMessage,
  encodePageCursor,
  isLocale,
  message,
} from '@marketplace/contracts';
import { ADMIN_SEARCH_LIMITS, USERS_ROUTES } from '@marketplace/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { route } from '../../plugins/api-route';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { ValidationError } from '../../plugins/validation';
import { queueVerificationLinkIn } from '../account';
import { auditActor, recordAudit } from '../staff';
import { readUser } from './read-user';
import { searchUsers } from './search-users';
import { readUserList } from './user-lists';

const notFound = () => new HttpError(404, message(API_MESSAGES.notFound));

/** A page cursor of the users' search: the last id shown; anything else is a 422 on `cursor`. */
export function idCursor(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const id = decodePageCursor('id', text);
  if (id === undefined) throw ValidationError.forField('cursor', encodeMessage(message('laravel.invalidValue')));
  return id;
}

export interface UsersRoutesOptions {
  /**
   * New verification e-mails staff may send one account, as many as a user may ask for themselves
   * (EMAIL_VERIFICATION_MAX_SENDS in EMAIL_VERIFICATION_DECAY_SECONDS), counted per account whoever
   * at the desk sends them: the rule protects that inbox.
   */
  verificationThrottle: AttemptLimit;
}

/**
 * Users for staff (issue 29): search, one person's page and the next pages of its lists (users.view),
 * and two support actions (users.support): a new verification e-mail, and signing them out
 * everywhere. Each action writes its audit row in its own transaction.
 */
export function usersRoutes(app: FastifyInstance, { verificationThrottle }: UsersRoutesOptions): Promise<void> {
  const { may } = app.staffDesk;

  route(app, USERS_ROUTES.users, { onRequest: may('users.view') }, async (request) => {
    const { q = '', limit = ADMIN_SEARCH_LIMITS.pageDefault } = request.query;
    const rows = await searchUsers(app.db, { text: q, before: idCursor(request.query.cursor), limit });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page,
      next_cursor: rows.length > limit && last ? encodePageCursor(USERS_ROUTES.users.cursor, last.id) : null,
    };
  });

  const lists = { db: app.db, sessionsOf: (userId: number) => app.sessions.listForUser(userId) };

  route(app, USERS_ROUTES.user, { onRequest: may('users.view') }, async (request) => {
    const user = await readUser(lists, request.params.id);
    if (!user) throw notFound();
    return user;
  });

  route(app, USERS_ROUTES.userList, { onRequest: may('users.view') }, async (request) => {
    const { id, list } = request.params;
    const person = await app.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!person) throw notFound();
    return readUserList(lists, id, list, request.query.cursor);
  });

  route(app, USERS_ROUTES.resendVerification, { onRequest: may('users.support') }, async (request, reply) => {
    const { id } = request.params;
    const actor = auditActor(request);
    await app.events.run(async (unit) => {
      const user = await unit.db
        .selectFrom('users')
        .select(['email', 'locale', 'email_verified_at', 'deleted_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw notFound();
      if (user.deleted_at !== null) throw new HttpError(409, message('admin.users.deletedAccount'));
      if (user.email_verified_at !== null) throw new HttpError(409, message('admin.users.alreadyVerified'));
      // Counted in the send's own transaction, under the account's lock: only sends count, two at
      // once take turns, and one beyond the limit is a 429 that names the rule, with Retry-After.
      await new RateLimiter(unit.db).enforce(`staff-email-verification:${id}`, verificationThrottle, {
        field: 'email',
        message: (seconds) =>
          message('admin.users.verificationThrottled', {
            max: verificationThrottle.maxAttempts,
            minutes: Math.ceil(verificationThrottle.decaySeconds / 60),
            seconds,
          }),
      });
      await queueVerificationLinkIn(app, unit, id, isLocale(user.locale) ? user.locale : DEFAULT_LOCALE);
      await recordAudit(unit.db, actor, {
        action: 'user.resend-verification',
        targetType: 'user',
        targetId: id,
        before: { email: user.email, verified: false },
        after: { email: user.email, verification_sent: true },
      });
    });
    return reply.code(204).send();
  });

  route(app, USERS_ROUTES.endSessions, { onRequest: may('users.support') }, async (request) => {
    const { id } = request.params;
    const actor = auditActor(request);
    const signedOut = await app.events.run(async (unit) => {
      const user = await unit.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!user) throw notFound();
      const { count } = await unit.db
        .selectFrom('sessions')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      // Their sockets close once the sessions' end has committed, not before.
      const closeSockets = await app.sessions.deleteAllForUserIn(unit.db, id);
      unit.afterCommit(() => {
        closeSockets();
        return Promise.resolve();
      });
      await recordAudit(unit.db, actor, {
        action: 'user.end-sessions',
        targetType: 'user',
        targetId: id,
        before: { sessions: count },
        after: { sessions: 0 },
      });
      return count;
    });
    return { signed_out: signedOut };
  });

  return Promise.resolve();
}
