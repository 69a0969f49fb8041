import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where the app itself serves stored media: '/media/<storage key>' (routes.ts, chat's guarded route). */
export const APP_MEDIA_PATH = '/media';

/**
 * Storage keys whose files anyone may load: listing photos (every size), avatars and the welcome
 * video's replaced files (decision 041). Chat and
 * support photos are never among them: they have no public address, only the app's guarded routes.
 */
export type PublicMediaKey = `photos/${string}` | `avatars/${string}` | `welcome/${string}`;
const PUBLIC_FOLDERS = /^(?:photos|avatars|welcome)\//;

/**
 * The base of public media addresses for the app now running (MEDIA_PUBLIC_URL, else '/media').
 * Per app, not per process: the API tests build many apps in one process, each with its settings.
 * The app enters it for every request (the plugin below) and main.ts for the work its timers start.
 */
const publicBase = new AsyncLocalStorage<string>();

/**
 * The one place a public stored file becomes its address: `${MEDIA_PUBLIC_URL}/<key>` when that is
 * set (a CDN in front of the bucket or of DATA_DIR/media, docs/deploy.md), else the app's
 * '/media/<key>', as before. The same key names the object in the bucket and the file in the folder.
 */
export function publicMediaUrl(storageKey: PublicMediaKey): string {
  if (!PUBLIC_FOLDERS.test(storageKey)) throw new Error(`Not a public media key: ${JSON.stringify(storageKey)}`);
  return `${publicBase.getStore() ?? APP_MEDIA_PATH}/${storageKey}`;
}

/** An address for a page's head (Open Graph, JSON-LD): the app's own made absolute, a CDN's as it is. */
export const absoluteMediaUrl = (origin: string, address: string): string =>
  address.startsWith('/') ? `${origin}${address}` : address;

/** Runs `work`, and everything it starts, with `base` (MEDIA_PUBLIC_URL) as the public media base. */
export function withPublicMediaBase<T>(base: string | undefined, work: () => T): T {
  return publicBase.run(base ?? APP_MEDIA_PATH, work);
}

/** From here on in this async flow (main.ts: the one app of the process, its timers included). */
export function enterPublicMediaBase(base: string | undefined): void {
  publicBase.enterWith(base ?? APP_MEDIA_PATH);
}

/**
 * Every request of this app builds its public media addresses from `base`. Entered again once the
 * body is read: a body's stream events run outside the context the request came in with.
 */
export const publicMedia = fp(
  (app: FastifyInstance, { base }: { base: string | undefined }) => {
    app.addHook('onRequest', (_request, _reply, done) => withPublicMediaBase(base, () => done()));
    app.addHook('preValidation', (_request, _reply, done) => withPublicMediaBase(base, () => done()));
    return Promise.resolve();
  },
  { name: 'public-media' },
);
