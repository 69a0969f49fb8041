import { ACCOUNT_ROUTES, issueMessage, message } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { RateLimiter, type AttemptLimit } from '../../plugins/rate-limiter';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { ValidationError } from '../../plugins/validation';
import { markEmailVerified, UsersRepository } from '../users';
import type { AccountTokens } from './account-tokens';
import { queueVerificationLink } from './email-verification';

export interface VerificationRoutesOptions {
  /** New links one user may ask for (the registration's is not counted). */
  resend: AttemptLimit;
  tokens: AccountTokens;
}

/**
 * E-mail verification (decision 026): the e-mailed link's token proves the address, whoever's
 * browser opens it (signed in or not, on another device); a signed-in user without a proved address
 * may ask for a new link, a few times an hour.
 */
export function verificationRoutes(app: FastifyInstance, options: VerificationRoutesOptions): Promise<void> {
  const limiter = new RateLimiter(app.db);
  const users = new UsersRepository(app.db);
  const { tokens } = options;

  route(app, ACCOUNT_ROUTES.verifyEmail, {}, async (request) => {
    // Spent and applied in one transaction: a link works once, and only while the account exists.
    const userId = await app.db.transaction().execute(async (trx) => {
      const owner = await tokens.consume(trx, request.body.token, 'email_verification');
      if (owner === undefined) return undefined;
      await markEmailVerified(trx, owner);
      return owner;
    });
    if (userId === undefined) throw ValidationError.forField('token', issueMessage('account.verifyLinkInvalid'));
    // This browser's user, if it is the one, now reads as verified for the rest of the request.
    if (request.user?.id === userId) request.user = (await users.findById(userId)) ?? null;
    return { message: request.translator.t('account.emailVerified') };
  });

  route(app, ACCOUNT_ROUTES.resendVerification, { onRequest: requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    if (user.email_verified) throw new HttpError(409, message('account.alreadyVerified'));
    await limiter.enforce(`email-verification:${user.id}`, options.resend, {
      field: 'email',
      message: (seconds) => message('account.verificationThrottled', { seconds }),
    });
    await app.notifications.transaction((trx, notify) =>
      queueVerificationLink(trx, notify, tokens, user.id, request.locale),
    );
    return reply.code(202).send({ message: request.translator.t('account.verificationSent', { email: user.email }) });
  });

  return Promise.resolve();
}
