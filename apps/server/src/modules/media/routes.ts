import { API_MESSAGES, MEDIA_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { photoFileToStorageKey } from './photo-files';
import { avatarKeyFromFileName, avatarStorageKey } from './avatars';

/**
 * Avatars and listing photos, public like a seller's picture on a listing: each key is unguessable
 * and each upload gets a new one, so the bytes behind a URL never change and browsers may keep them
 * for a year.
 */
export function mediaRoutes(app: FastifyInstance): Promise<void> {
  const serve = (
    definition: (typeof MEDIA_ROUTES)[keyof typeof MEDIA_ROUTES],
    storageKeyOf: (file: string) => string | undefined,
  ) =>
    route(app, definition, {}, async (request, reply) => {
      const storageKey = storageKeyOf(request.params.file);
      const bytes = storageKey === undefined ? undefined : await app.storage.get(storageKey);
      if (!bytes) return reply.code(404).send({ message: request.translator.t(API_MESSAGES.notFound) });
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    });
  serve(MEDIA_ROUTES.avatar, (file) => {
    const key = avatarKeyFromFileName(file);
    return key === undefined ? undefined : avatarStorageKey(key);
  });
  serve(MEDIA_ROUTES.photo, photoFileToStorageKey);
  return Promise.resolve();
}
