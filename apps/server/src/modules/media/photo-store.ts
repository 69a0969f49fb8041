import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MediaStorage } from '../../plugins/storage';
import type { PreparedPhoto } from './photo-image';
import { newPhotoKey, photoStorageKey, photoStorageKeys, type PhotoFolder, type PhotoSize } from './photo-files';

export interface PhotoStoreOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: FastifyBaseLogger;
}

/** Files of an upload not recorded within this long belong to a request that died: the sweep removes them. */
const ABANDONED_AFTER_MINUTES = 60;

const FOLDERS: readonly PhotoFolder[] = ['photos', 'chat', 'support'];

/**
 * Photo files, wherever they belong (a listing's, a chat message's): each upload's files are
 * written under a new key before its row, and journaled in media_uploads meanwhile, so a crash
 * between the two leaves nothing the sweep does not find.
 */
export class PhotoStore {
  constructor(private readonly options: PhotoStoreOptions) {}

  /**
   * Writes a prepared photo's files under a new key, then `record`s its row: `record` gets the key
   * and must call `settled(trx)` in the transaction that writes the row. When `record` throws, the
   * files and their journal entry go.
   */
  async store<T>(
    folder: PhotoFolder,
    photo: PreparedPhoto,
    record: (key: string, settled: (trx: Kysely<Database>) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const key = newPhotoKey();
    const journal = `${folder}/${key}`;
    await this.options.db.insertInto('media_uploads').values({ key: journal }).execute();
    try {
      for (const [size, file] of Object.entries(photo.files)) {
        await this.options.storage.put(photoStorageKey(key, size as PhotoSize, folder), file);
      }
      return await record(key, async (trx) => {
        await trx.deleteFrom('media_uploads').where('key', '=', journal).execute();
      });
    } catch (error) {
      await this.remove(folder, [key]);
      await this.options.db.deleteFrom('media_uploads').where('key', '=', journal).execute();
      throw error;
    }
  }

  /** One stored size of a photo, or undefined when there is none. */
  file(folder: PhotoFolder, key: string, size: PhotoSize): Promise<Buffer | undefined> {
    return this.options.storage.get(photoStorageKey(key, size, folder));
  }

  /** Removes photos' files; a file that will not go is logged, not an error for the user. */
  async remove(folder: PhotoFolder, keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      for (const file of photoStorageKeys(key, folder)) {
        await this.options.storage.delete(file).catch((error: unknown) => {
          this.options.log.warn({ err: error, file }, 'photo file not deleted');
        });
      }
    }
  }

  /** Removes the files of uploads that never got their row (a crash mid-upload), in every folder. */
  async sweepAbandonedUploads(now = new Date()): Promise<number> {
    const abandoned = await this.options.db
      .deleteFrom('media_uploads')
      .where('created_at', '<', sql<Date>`${now}::timestamptz - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`)
      .returning('key')
      .execute();
    for (const folder of FOLDERS) {
      const keys = abandoned
        .filter((row) => row.key.startsWith(`${folder}/`))
        .map((row) => row.key.slice(folder.length + 1));
      await this.remove(folder, keys);
    }
    return abandoned.length;
  }
}
