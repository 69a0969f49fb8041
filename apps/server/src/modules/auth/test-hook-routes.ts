import { AUTH_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { chosenLocale } from '../../plugins/i18n';
import { renewSession } from '../../plugins/sessions';
import { route } from '../../plugins/api-route';
import { UsersRepository } from '../users';
import { hashPassword } from './passwords';

/** The browser tests' usual password (tests/e2e/support/accounts.ts). */
const DEFAULT_PASSWORD = 'a long pass phrase';

/**
 * POST /api/test/sign-in: signs the caller in as the account with that address, making it first if
 * there is none (verified unless `verified: false`). Browser tests that are not about signing up use
 * it instead of the sign-up form and its e-mailed link, as epic-stack's `login()` writes the user and
 * session directly: a test then costs one request, not a password hash, an e-mail and a page load.
 * app.ts registers it only when NODE_ENV is test, never in development or production.
 */
export function authTestHookRoutes(app: FastifyInstance): Promise<void> {
  const users = new UsersRepository(app.db);
  // Each password is hashed once per process: the tests sign in hundreds of times with the same one.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashes.set(password, hash);
    }
    return hash;
  };
  route(app, AUTH_ROUTES.testSignIn, {}, async (request, reply) => {
    const input = request.body;
    let id = (await users.findCredentialsByEmail(input.email))?.id;
    if (id === undefined) {
      const accountType = input.account_type ?? 'individual';
      id = await users.create({
        email: input.email,
        password_hash: await hashOf(input.password ?? DEFAULT_PASSWORD),
        first_name: input.first_name ?? 'Noura',
        last_name: input.last_name ?? 'Khalil',
        account_type: accountType,
        company_name: accountType === 'company' ? (input.company_name ?? 'Khalil Trading') : null,
        // As at registration: the language chosen on this browser before, if any.
        locale: input.locale ?? chosenLocale(request),
        verified: input.verified ?? true,
      });
    }
    await renewSession(request, reply, id);
    const user = await users.findById(id);
    if (!user) throw new Error(`user ${id} is gone`);
    request.user = user;
    return { data: user };
  });
  return Promise.resolve();
}
