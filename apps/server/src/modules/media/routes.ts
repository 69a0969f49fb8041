import { API_MESSAGES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { avatarKeyFromFileName, avatarStorageKey } from './avatars';

/**
 * Avatars, public like a seller's picture on a listing: the key is unguessable and each upload gets a
 * new one, so the bytes behind a URL never change and browsers may keep them for a year.
 */
export function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/avatars/:file', async (request, reply) => {
    const key = avatarKeyFromFileName(request.params.file);
    const bytes = key === undefined ? undefined : await app.storage.get(avatarStorageKey(key));
    if (!bytes) return reply.code(404).send({ message: API_MESSAGES.notFound });
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
  return Promise.resolve();
}
