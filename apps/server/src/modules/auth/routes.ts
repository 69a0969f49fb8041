import { AUTH_ROUTES, issueMessage, message, messages } from '@marketplace/contracts';
import { MODERATION_REASON_NAMES, type ModerationReason } from '@marketplace/contracts/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { chosenLocale, rememberLocale } from '../../plugins/i18n';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { renewSession, requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { UsersRepository } from '../users';
import { PasswordGuesses } from './password-guesses';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './passwords';

export interface AuthRoutesOptions {
  /** Login attempts per e-mail and client address: the guesses one attacker gets. */
  loginThrottle: AttemptLimit;
  /** Login attempts per e-mail from anywhere: the guesses a crowd of addresses gets, together. */
  loginEmailThrottle: AttemptLimit;
  /** Sign-ups per client address. */
  registerThrottle: AttemptLimit;
}

const UNIQUE_VIOLATION = '23505';

export function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const users = new UsersRepository(app.db);
  const limiter = new RateLimiter(app.db);
  const guesses = new PasswordGuesses(app.db, {
    perAddress: options.loginThrottle,
    perEmail: options.loginEmailThrottle,
  });
  const registerRefusal = {
    field: 'email',
    message: (seconds: number) => message('auth.registerThrottled', { seconds }),
  };

  const currentUser = async (request: FastifyRequest) => {
    const user = request.session?.userId ? await users.findById(request.session.userId) : undefined;
    if (!user) throw new Error('the session has no user');
    request.user = user;
    return { data: user };
  };

  /**
   * After a sign-in the account's language wins and this browser remembers it; an account that never
   * chose takes the one chosen here before signing in.
   */
  const followAccountLocale = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user;
    if (!user) return;
    const chosenHere = chosenLocale(request);
    if (user.locale) {
      if (user.locale !== chosenHere) rememberLocale(request, reply, user.locale);
    } else if (chosenHere) {
      await users.setLocale(user.id, chosenHere);
      request.user = { ...user, locale: chosenHere };
    }
  };

  /**
   * A suspended account may not sign in (issue 29): 403 saying why and until when (or for good), in
   * the reader's language. A suspension whose end has passed no longer holds, whether or not the
   * clock has lifted it yet.
   */
  const refuseSuspended = async (userId: number) => {
    const row = await app.db
      .selectFrom('users')
      .select(['suspended_at', 'suspended_until', 'suspension_reason'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row?.suspended_at || (row.suspended_until && row.suspended_until <= new Date())) return;
    const code = row.suspension_reason ?? 'other';
    const reason = message(
      Object.hasOwn(MODERATION_REASON_NAMES, code)
        ? MODERATION_REASON_NAMES[code as ModerationReason]
        : MODERATION_REASON_NAMES.other,
    );
    const until = row.suspended_until;
    throw new HttpError(
      403,
      until
        ? message('auth.suspendedUntil', { until: until.getTime(), reason })
        : message('auth.suspendedForGood', { reason }),
      { details: { suspended_until: until?.toISOString() ?? null, suspension_reason: code } },
    );
  };

  route(app, AUTH_ROUTES.register, {}, async (request, reply) => {
    const input = request.body;
    await limiter.enforce(`register:${request.ip}`, options.registerThrottle, registerRefusal);
    // Hashed before looking the address up, so a taken address answers no faster than a new one.
    const passwordHash = await hashPassword(input.password);
    if (await users.emailExists(input.email)) {
      throw ValidationError.forField('email', messages.unique('email'));
    }
    let userId: number;
    try {
      userId = await users.create({
        ...input,
        password_hash: passwordHash,
        // The language they registered in, if they chose one; Accept-Language alone is no choice.
        locale: chosenLocale(request),
      });
    } catch (error) {
      // Two registrations racing for one address: the unique index decides.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw ValidationError.forField('email', messages.unique('email'));
      }
      throw error;
    }
    // The link that proves the address (decision 026); the account works meanwhile, short of
    // publishing and ordering. Its own transaction: the user's row committed above.
    const newUserId = userId;
    await app.events.run((unit) => unit.emit('user.registered', { userId: newUserId, locale: request.locale }));
    await renewSession(request, reply, userId);
    return reply.code(201).send(await currentUser(request));
  });

  route(app, AUTH_ROUTES.login, {}, async (request, reply) => {
    const { email, password } = request.body;
    // Counted before the password is checked (password-guesses.ts).
    await guesses.count(email, request.ip, { field: 'email', key: 'auth.throttled' });
    const account = await users.findCredentialsByEmail(email);
    if (!(await verifyPassword(account?.password_hash, password)) || !account) {
      throw ValidationError.forField('email', issueMessage('auth.failedLogin'));
    }
    await guesses.succeeded(email, request.ip);
    // Only once the password is right: to anyone else a suspended account answers as any other.
    await refuseSuspended(account.id);
    if (passwordNeedsRehash(account.password_hash)) {
      await users.updatePasswordHash(account.id, await hashPassword(password));
    }
    await renewSession(request, reply, account.id);
    await currentUser(request);
    await followAccountLocale(request, reply);
    return { data: signedInUser(request) };
  });

  route(app, AUTH_ROUTES.logout, {}, async (request, reply) => {
    await renewSession(request, reply, null);
    request.user = null;
    return reply.code(204).send();
  });

  route(app, AUTH_ROUTES.user, { onRequest: requireUser }, (request) =>
    Promise.resolve({ data: signedInUser(request) }),
  );

  return Promise.resolve();
}
