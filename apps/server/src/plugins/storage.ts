import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalFolderStorage } from './storage-local-folder';

/**
 * Where uploaded media lives, by key ('avatars/<random>.webp'). Keys are made by the server, never
 * taken from a request. A local folder by default; an object store implements the same three calls.
 */
export interface MediaStorage {
  /** Stores `data` under `key`, replacing nothing: keys are new for every upload. */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

/** The one place that chooses the storage: replace this to move media to an object store. */
export function createMediaStorage({ dataDir }: { dataDir: string }): MediaStorage {
  return new LocalFolderStorage(path.join(dataDir, 'media'));
}

export const storage = fp(
  (app: FastifyInstance, options: { storage: MediaStorage }) => {
    app.decorate('storage', options.storage);
    return Promise.resolve();
  },
  { name: 'storage' },
);
