import type { AdminWelcomeVideo, WelcomeVideoPart } from '@marketplace/contracts/welcome-video';
import type { WelcomeVideo } from '@marketplace/contracts/welcome-video-essentials';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listingPhotoUrl, welcomeFileUrl } from '../media';
import { DEFAULT_WELCOME_VIDEO } from './default-files';

/** The welcome video's replaced files (migration 0035): a part without a row is the committed file. */

type Db = Kysely<Database>;
type Rows = Partial<Record<WelcomeVideoPart, string>>;

async function readRows(db: Db): Promise<Rows> {
  const rows = await db.selectFrom('welcome_video_files').select(['part', 'storage_key']).execute();
  return Object.fromEntries(rows.map((row) => [row.part, row.storage_key]));
}

/** The address of a stored part's file (the poster is a listing-sized photo: its full size). */
const storedUrl = (part: WelcomeVideoPart, storageKey: string) =>
  part === 'poster' ? listingPhotoUrl(storageKey, 'full') : welcomeFileUrl(storageKey as `welcome/${string}`);

function addresses(rows: Rows): WelcomeVideo {
  const url = (part: WelcomeVideoPart, fallback: string) => {
    const key = rows[part];
    return key === undefined ? fallback : storedUrl(part, key);
  };
  return {
    webm: url('webm', DEFAULT_WELCOME_VIDEO.webm),
    mp4: url('mp4', DEFAULT_WELCOME_VIDEO.mp4),
    poster: url('poster', DEFAULT_WELCOME_VIDEO.poster),
    captions: {
      en: url('captions_en', DEFAULT_WELCOME_VIDEO.captionsEn),
      ar: url('captions_ar', DEFAULT_WELCOME_VIDEO.captionsAr),
    },
  };
}

/** What the page plays now. */
export const readWelcomeVideo = async (db: Db): Promise<WelcomeVideo> => addresses(await readRows(db));

/** What the back-office shows: the same addresses and which of them are replacements. */
export async function readAdminWelcomeVideo(db: Db): Promise<AdminWelcomeVideo> {
  const rows = await readRows(db);
  return { files: addresses(rows), replaced: Object.keys(rows) as WelcomeVideoPart[] };
}

/**
 * Sets (`storageKey`) or clears (null) a part's replacement, locking its row; returns the key it
 * replaced (null: the committed file was playing).
 */
export async function setPart(
  db: Db,
  part: WelcomeVideoPart,
  change: { storageKey: string; bytes: number } | null,
): Promise<string | null> {
  const before = await db
    .selectFrom('welcome_video_files')
    .select('storage_key')
    .where('part', '=', part)
    .forUpdate()
    .executeTakeFirst();
  if (change === null) {
    await db.deleteFrom('welcome_video_files').where('part', '=', part).execute();
  } else {
    await db
      .insertInto('welcome_video_files')
      .values({ part, storage_key: change.storageKey, bytes: change.bytes })
      .onConflict((conflict) =>
        conflict
          .column('part')
          .doUpdateSet({ storage_key: change.storageKey, bytes: change.bytes, updated_at: sql<Date>`now()` }),
      )
      .execute();
  }
  return before?.storage_key ?? null;
}
