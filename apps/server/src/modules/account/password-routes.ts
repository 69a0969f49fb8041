import {
  ACCOUNT_ROUTES,
  issueMessage,
  message,
  PAGE_PATHS,
  PASSWORD_RESET_MINUTES,
  RESET_TOKEN_PARAM,
  type Locale,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { renewSession, requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { hashPassword, PasswordGuesses, type PasswordGuessLimits, verifyPassword } from '../auth';
import { UsersRepository } from '../users';
import type { AccountTokens } from './account-tokens';
import type { BackgroundWork } from './background-work';

export interface PasswordRoutesOptions {
  guesses: PasswordGuessLimits;
  /** Reset links asked for one e-mail address, from anywhere. */
  resetPerEmail: AttemptLimit;
  /** Reset links asked from one client address, for any e-mail. */
  resetPerAddress: AttemptLimit;
  tokens: AccountTokens;
  background: BackgroundWork;
}

/**
 * Changing a password with the current one, and setting a new one through an e-mailed link. Either
 * way every other session of the user ends, this one is replaced (new id, new CSRF token, as at
 * login), earlier reset links stop working, and an account e-mail says the password changed.
 */
export function passwordRoutes(app: FastifyInstance, options: PasswordRoutesOptions): Promise<void> {
  const users = new UsersRepository(app.db);
  const limiter = new RateLimiter(app.db);
  const guesses = new PasswordGuesses(app.db, options.guesses);
  const { tokens, background } = options;

  /**
   * The new password in place, the old links dead and the e-mail queued, in one transaction; for a
   * reset, the link is spent in it too (a link that is no longer good: 422, nothing changed).
   */
  const setPassword = (whose: { userId: number } | { token: string }, passwordHash: string, locale: Locale) =>
    app.notifications.transaction(async (trx, notify) => {
      const userId = 'userId' in whose ? whose.userId : await tokens.consume(trx, whose.token, 'password_reset');
      if (userId === undefined) throw ValidationError.forField('token', issueMessage('account.resetLinkInvalid'));
      await users.updatePasswordHash(userId, passwordHash, trx);
      await tokens.revoke(trx, userId, 'password_reset');
      await notify({
        userId,
        category: 'account',
        type: 'account.passwordChanged',
        path: PAGE_PATHS.forgotPassword,
        locale,
      });
      return userId;
    });

  /** Ends every session of the user, then gives this browser a new one: no old cookie works after. */
  const signInAlone = async (request: FastifyRequest, reply: Parameters<typeof renewSession>[1], userId: number) => {
    await app.sessions.destroyAllForUser(userId);
    request.session = null;
    await renewSession(request, reply, userId);
  };

  route(app, ACCOUNT_ROUTES.changePassword, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    const { current_password, password } = request.body;
    // Guesses at the current password count with the login's (a stolen session gives no extra ones).
    await guesses.count(user.email, request.ip, { field: 'current_password', key: 'account.passwordThrottled' });
    const credentials = await users.findCredentialsByEmail(user.email);
    if (!(await verifyPassword(credentials?.password_hash, current_password))) {
      throw ValidationError.forField('current_password', issueMessage('account.wrongPassword'));
    }
    await guesses.succeeded(user.email, request.ip);
    await setPassword({ userId: user.id }, await hashPassword(password), request.locale);
    await signInAlone(request, reply, user.id);
    return reply.code(204).send();
  });

  route(app, ACCOUNT_ROUTES.forgotPassword, {}, async (request, reply) => {
    const { email } = request.body;
    const refusal = { field: 'email', message: (seconds: number) => message('account.forgotThrottled', { seconds }) };
    await limiter.enforce(`password-reset-ip:${request.ip}`, options.resetPerAddress, refusal);
    await limiter.enforce(`password-reset:${email}`, options.resetPerEmail, refusal);
    const locale = request.locale;
    // The answer goes before anything depends on the address: whether it has an account cannot
    // show in what the answer says, nor in how long it takes.
    background.run(`password reset link for a request from ${request.ip}`, () => sendResetLink(email, locale));
    return reply.code(202).send({ message: request.translator.t('account.resetLinkSent', { email }) });
  });

  const sendResetLink = async (email: string, locale: Locale) => {
    const account = await users.findCredentialsByEmail(email);
    if (!account) return;
    await app.notifications.transaction(async (trx, notify) => {
      const token = await tokens.issue(trx, account.id, 'password_reset', PASSWORD_RESET_MINUTES);
      await notify({
        userId: account.id,
        category: 'account',
        type: 'account.passwordReset',
        data: { minutes: PASSWORD_RESET_MINUTES },
        path: `${PAGE_PATHS.resetPassword}?${RESET_TOKEN_PARAM}=${token}`,
        emailOnly: true,
        locale,
      });
    });
  };

  route(app, ACCOUNT_ROUTES.resetPassword, {}, async (request, reply) => {
    const { token, password } = request.body;
    // Hashed before the token is spent: a slow hash must not hold the token's row locked.
    const passwordHash = await hashPassword(password);
    const userId = await setPassword({ token }, passwordHash, request.locale);
    await signInAlone(request, reply, userId);
    const user = await users.findById(userId);
    if (!user) throw new Error('the account of a spent reset link is gone');
    request.user = user;
    return { data: user };
  });

  return Promise.resolve();
}
