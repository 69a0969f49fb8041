import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './storage';

/** Folders and a file name of letters, digits, '-' and '_', with one extension: nothing can climb out. */
export const KEY_PATTERN = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/** Media as files under one folder (DATA_DIR/media): fine for one machine or a shared volume. */
export class LocalFolderStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.writeFile(partial, data, { flag: 'wx' });
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.fileFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileFor(key), { force: true });
  }

  private fileFor(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }
}
