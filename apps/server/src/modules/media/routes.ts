import { API_MESSAGES, MEDIA_ROUTES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api-route';
import { photoFileToStorageKey } from './photo-files';
import { avatarKeyFromFileName, avatarStorageKey } from './avatars';
import { welcomeFileFromName } from './welcome-files';

/**
 * Avatars, listing photos and the welcome video's replaced files, public like a seller's picture on a listing: each key is unguessable
 * and each upload gets a new one, so the bytes behind a URL never change and browsers may keep them
 * for a year.
 */
export function mediaRoutes(app: FastifyInstance): Promise<void> {
  const serve = (
    definition: (typeof MEDIA_ROUTES)[keyof typeof MEDIA_ROUTES],
    storageKeyOf: (file: string) => string | undefined,
    typeOf: (file: string) => string = () => 'image/webp',
  ) =>
    route(app, definition, {}, async (request, reply) => {
      const storageKey = storageKeyOf(request.params.file);
      const bytes = storageKey === undefined ? undefined : await app.storage.get(storageKey);
      if (!bytes) return reply.code(404).send({ message: request.translator.t(API_MESSAGES.notFound) });
      reply.type(typeOf(request.params.file)).header('cache-control', 'public, max-age=31536000, immutable');
      // Safari asks for a video in byte ranges and will not play one served only whole.
      const range = byteRange(request.headers.range, bytes.length);
      if (!range) return reply.header('accept-ranges', 'bytes').send(bytes);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    });
  serve(MEDIA_ROUTES.avatar, (file) => {
    const key = avatarKeyFromFileName(file);
    return key === undefined ? undefined : avatarStorageKey(key);
  });
  serve(MEDIA_ROUTES.photo, photoFileToStorageKey);
  serve(
    MEDIA_ROUTES.welcome,
    (file) => welcomeFileFromName(file)?.storageKey,
    (file) => welcomeFileFromName(file)?.type ?? 'application/octet-stream',
  );
  return Promise.resolve();
}

/** One satisfiable `bytes=start-end` (or `start-`, `-suffix`) range of a file of `size` bytes; else the whole file. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header === undefined ? null : /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end ? { start, end } : undefined;
}
