import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { accountDataRoutes } from './account-data-routes';
import { queueVerificationLink } from './email-verification';
import { AccountTokens } from './account-tokens';
import { BackgroundWork } from './background-work';
import { passwordRoutes } from './password-routes';
import { sessionsRoutes } from './sessions-routes';
import { verificationRoutes } from './verification-routes';

export interface AccountSecurity {
  tokens: AccountTokens;
  /** E-mails started after a request's answer (reset links); the app's close waits for them. */
  background: BackgroundWork;
}

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountSecurity;
  }
}

export interface AccountSecurityOptions {
  config: Pick<Config, 'loginThrottle' | 'loginEmailThrottle' | 'passwordResetThrottles' | 'emailVerificationThrottle'>;
}

/**
 * Account security (issue 17, decisions 022 and 026): passwords changed and reset; sessions on other
 * devices; e-mail verification; deleting the account and downloading its data.
 */
export const accountSecurity = fp(
  async (app: FastifyInstance, { config }: AccountSecurityOptions) => {
    const tokens = new AccountTokens(app.db);
    const background = new BackgroundWork(app.log);
    app.decorate('account', { tokens, background } satisfies AccountSecurity);
    // A new account's address is proved by the link this sends (decision 026).
    app.events.on('user.registered', 'in-transaction', async ({ userId, locale }, unit) => {
      await queueVerificationLink(unit.db, (event) => app.notifications.notifyIn(unit, event), tokens, userId, locale);
    });
    app.addHook('onClose', () => background.settled());
    await app.register(passwordRoutes, {
      guesses: { perAddress: config.loginThrottle, perEmail: config.loginEmailThrottle },
      resetPerEmail: config.passwordResetThrottles.perEmail,
      resetPerAddress: config.passwordResetThrottles.perAddress,
      tokens,
      background,
    });
    await app.register(sessionsRoutes);
    await app.register(verificationRoutes, { resend: config.emailVerificationThrottle, tokens });
    await app.register(accountDataRoutes, {
      guesses: { perAddress: config.loginThrottle, perEmail: config.loginEmailThrottle },
    });
  },
  { name: 'account-security', dependencies: ['notifications', 'sessions'] },
);
