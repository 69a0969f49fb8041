import { BLOCKS_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { requireUser, signedInUser } from '../../plugins/sessions';
import { BlocksRepository } from './blocks-repository';

/**
 * Blocking (issues 15 and 16): PUT blocks and DELETE unblocks someone, each idempotent (204); the
 * list is the signed-in user's own. Whom someone blocked is never shown to anyone else, and the
 * blocked person is not told: they learn it only when an order is refused.
 */
export function blocksRoutes(app: FastifyInstance): Promise<void> {
  const blocks = new BlocksRepository(app.db);

  route(app, BLOCKS_ROUTES.list, { onRequest: requireUser }, async (request) => ({
    data: await blocks.list(signedInUser(request).id),
  }));

  route(app, BLOCKS_ROUTES.block, { onRequest: requireUser }, async (request, reply) => {
    await blocks.block(signedInUser(request), request.params.userId);
    return reply.code(204).send();
  });

  route(app, BLOCKS_ROUTES.unblock, { onRequest: requireUser }, async (request, reply) => {
    await blocks.unblock(signedInUser(request).id, request.params.userId);
    return reply.code(204).send();
  });

  return Promise.resolve();
}
