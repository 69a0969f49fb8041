import { API_MESSAGES, BLOCKS_API, blockedUsersResponseSchema, message } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { requireUser, signedInUser } from '../../plugins/sessions';
import type { ZodTypeProvider } from '../../plugins/validation';
import { BlocksRepository } from './blocks-repository';

/** A user id in an address: anything else names nobody (404, not 422). */
function userIdParam(request: FastifyRequest): number {
  const text = (request.params as { userId?: string }).userId ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw new HttpError(404, message(API_MESSAGES.notFound));
  return id;
}

/**
 * Blocking (issues 15 and 16): PUT blocks and DELETE unblocks someone, each idempotent (204); the
 * list is the signed-in user's own. Whom someone blocked is never shown to anyone else, and the
 * blocked person is not told: they learn it only when an order is refused.
 */
export function blocksRoutes(app: FastifyInstance): Promise<void> {
  const blocks = new BlocksRepository(app.db);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/blocks/:userId';

  routes.get(
    BLOCKS_API.list,
    { onRequest: requireUser, schema: { response: { 200: blockedUsersResponseSchema } } },
    async (request) => ({ data: await blocks.list(signedInUser(request).id) }),
  );

  routes.put(path, { onRequest: requireUser }, async (request, reply) => {
    await blocks.block(signedInUser(request), userIdParam(request));
    return reply.code(204).send();
  });

  routes.delete(path, { onRequest: requireUser }, async (request, reply) => {
    await blocks.unblock(signedInUser(request).id, userIdParam(request));
    return reply.code(204).send();
  });

  return Promise.resolve();
}
