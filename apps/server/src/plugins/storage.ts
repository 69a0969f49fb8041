import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalFolderStorage } from './storage-local-folder';
import { S3Storage, type S3StorageSettings } from './storage-s3';

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

export type MediaSettings = { kind: 'local' } | ({ kind: 's3' } & S3StorageSettings);

/** The one place that chooses the storage (MEDIA_STORAGE): DATA_DIR/media, or an S3-compatible bucket. */
export function createMediaStorage({ dataDir, media }: { dataDir: string; media: MediaSettings }): MediaStorage {
  return media.kind === 's3' ? new S3Storage(media) : new LocalFolderStorage(path.join(dataDir, 'media'));
}

/** For the start-up banner. */
export function describeMediaStorage({ dataDir, media }: { dataDir: string; media: MediaSettings }): string {
  return media.kind === 's3'
    ? `bucket ${media.bucket}${media.endpoint ? ` at ${media.endpoint}` : ` in ${media.region}`}`
    : `files in ${path.join(dataDir, 'media')}`;
}

export const storage = fp(
  (app: FastifyInstance, options: { storage: MediaStorage }) => {
    app.decorate('storage', options.storage);
    return Promise.resolve();
  },
  { name: 'storage' },
);
