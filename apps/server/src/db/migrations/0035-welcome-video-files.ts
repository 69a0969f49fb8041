import { sql, type Kysely } from 'kysely';

/**
 * The welcome video's files staff replaced (issue 31, decision 041): one row per replaced part (the
 * WebM, the MP4, the poster, the English and the Arabic captions). A part without a row is the
 * committed file (apps/web/public/welcome-video); `storage_key` is the media store's key of the
 * replacement (`welcome/<key>.webm`, or the poster's listing-photo key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table welcome_video_files (
      part varchar(12) primary key check (part in ('webm', 'mp4', 'poster', 'captions_en', 'captions_ar')),
      storage_key varchar(40) not null,
      bytes integer not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table welcome_video_files`.execute(db);
}
