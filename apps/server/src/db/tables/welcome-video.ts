import type { UpdatedAt } from './columns';

/** The welcome video's replaced files (migration 0035), written by modules/welcome-video. */
export interface WelcomeVideoFilesTable {
  part: 'webm' | 'mp4' | 'poster' | 'captions_en' | 'captions_ar';
  /** `welcome/<key>.<webm|mp4|vtt>` in the media store, or the poster's photo key (`photos/<key>-full.webp`). */
  storage_key: string;
  bytes: number;
  updated_at: UpdatedAt;
}
