import { randomBytes } from 'node:crypto';
import { publicMediaUrl } from './public-media';

/** 128 random bits in base64url: unguessable, and new for every upload so its URL can be cached forever. */
export const AVATAR_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const newAvatarKey = (): string => randomBytes(16).toString('base64url');

export const avatarStorageKey = (key: string) => `avatars/${key}.webp` as const;

/** Where the browser loads the avatar from (public-media.ts); null when the user has none. */
export const avatarUrl = (key: string | null): string | null =>
  key === null ? null : publicMediaUrl(avatarStorageKey(key));

/** The key in an avatar file name ('<key>.webp'), or undefined for anything else. */
export function avatarKeyFromFileName(fileName: string): string | undefined {
  const key = fileName.endsWith('.webp') ? fileName.slice(0, -'.webp'.length) : '';
  return AVATAR_KEY_PATTERN.test(key) ? key : undefined;
}
