import {
  FAILED_LOGIN_MESSAGE,
  loginRequestSchema,
  messages,
  registerRequestSchema,
  userResponseSchema,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { RateLimiter } from '../../plugins/rate-limiter';
import { renewSession, requireUser, signedInUser } from '../../plugins/sessions';
import { ValidationError, type ZodTypeProvider } from '../../plugins/validation';
import { UsersRepository } from '../users/users-repository';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './passwords';

export interface AuthRoutesOptions {
  loginThrottle: { maxAttempts: number; decaySeconds: number };
}

const UNIQUE_VIOLATION = '23505';

export function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const users = new UsersRepository(app.db);
  const limiter = new RateLimiter(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { maxAttempts, decaySeconds } = options.loginThrottle;

  const currentUser = async (request: FastifyRequest) => {
    const user = request.session?.userId ? await users.findById(request.session.userId) : undefined;
    if (!user) throw new Error('the session has no user');
    request.user = user;
    return { data: user };
  };

  routes.post(
    '/register',
    { schema: { body: registerRequestSchema, response: { 201: userResponseSchema } } },
    async (request, reply) => {
      const input = request.body;
      if (await users.emailExists(input.email)) {
        throw ValidationError.forField('email', messages.unique('email'));
      }
      let userId: number;
      try {
        userId = await users.create({ ...input, password_hash: await hashPassword(input.password) });
      } catch (error) {
        // Two registrations racing for one address: the unique index decides.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
          throw ValidationError.forField('email', messages.unique('email'));
        }
        throw error;
      }
      await renewSession(request, reply, userId);
      return reply.code(201).send(await currentUser(request));
    },
  );

  routes.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: userResponseSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const throttleKey = `login:${email}|${request.ip}`;
      const retryAfter = await limiter.availableIn(throttleKey, maxAttempts);
      if (retryAfter > 0) {
        const message = `Too many login attempts. Please try again in ${retryAfter} seconds.`;
        throw new HttpError(429, message, {
          headers: { 'retry-after': String(retryAfter) },
          errors: { email: [message] },
        });
      }
      const account = await users.findCredentialsByEmail(email);
      if (!(await verifyPassword(account?.password_hash, password)) || !account) {
        await limiter.hit(throttleKey, decaySeconds);
        throw ValidationError.forField('email', FAILED_LOGIN_MESSAGE);
      }
      await limiter.clear(throttleKey);
      if (passwordNeedsRehash(account.password_hash)) {
        await users.updatePasswordHash(account.id, await hashPassword(password));
      }
      await renewSession(request, reply, account.id);
      return currentUser(request);
    },
  );

  routes.post('/logout', async (request, reply) => {
    await renewSession(request, reply, null);
    request.user = null;
    return reply.code(204).send();
  });

  routes.get('/user', { onRequest: requireUser, schema: { response: { 200: userResponseSchema } } }, (request) =>
    Promise.resolve({ data: signedInUser(request) }),
  );

  return Promise.resolve();
}
