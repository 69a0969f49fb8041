import { randomBytes } from 'node:crypto';
import { publicMediaUrl } from './public-media';

/**
 * The welcome video's files staff uploaded (decision 041): `welcome/<key>.<webm|mp4|vtt>`, a new
 * random key for every upload (so its address may be cached for a year), public like listing photos.
 */
export const WELCOME_FILE_TYPES = { webm: 'video/webm', mp4: 'video/mp4', vtt: 'text/vtt; charset=utf-8' } as const;
export type WelcomeFileExtension = keyof typeof WELCOME_FILE_TYPES;

export const newWelcomeFileKey = (extension: WelcomeFileExtension) =>
  `welcome/${randomBytes(16).toString('base64url')}.${extension}` as const;

export const welcomeFileUrl = (storageKey: `welcome/${string}`): string => publicMediaUrl(storageKey);

/** The storage key and type of a file name under /media/welcome/, or undefined for anything else. */
export function welcomeFileFromName(fileName: string): { storageKey: string; type: string } | undefined {
  const match = /^[A-Za-z0-9_-]{22}\.(webm|mp4|vtt)$/.exec(fileName);
  const extension = match?.[1] as WelcomeFileExtension | undefined;
  return extension && { storageKey: `welcome/${fileName}`, type: WELCOME_FILE_TYPES[extension] };
}
