import { randomBytes } from 'node:crypto';
import type { ListingPhoto } from '@marketplace/contracts';
import { publicMediaUrl } from './public-media';

/** The sizes each photo is kept in, by the width the pages show it at. */
export const PHOTO_SIZES = { thumb: 160, card: 480, full: 1600 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

export const PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Where a photo's files are stored: a listing's (public), a chat message's (its two participants'), a support ticket's (its owner's and staff's). */
export type PhotoFolder = 'photos' | 'chat' | 'support';

export const newPhotoKey = (): string => randomBytes(16).toString('base64url');
export const photoStorageKey = (key: string, size: PhotoSize, folder: PhotoFolder = 'photos'): string =>
  `${folder}/${key}-${size}.webp`;
export const photoStorageKeys = (key: string, folder: PhotoFolder = 'photos'): string[] =>
  (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((size) => photoStorageKey(key, size, folder));

/** A photo file name ('<key>-card.webp') read back, or undefined for anything else. */
export function parsePhotoFileName(fileName: string): { key: string; size: PhotoSize } | undefined {
  const match = /^([A-Za-z0-9_-]{22})-(thumb|card|full)\.webp$/.exec(fileName);
  return match?.[1] && match[2] ? { key: match[1], size: match[2] as PhotoSize } : undefined;
}

/** Where the browser loads a listing photo's file from (public-media.ts); never a chat or support photo's. */
export const listingPhotoUrl = (key: string, size: PhotoSize): string => publicMediaUrl(`photos/${key}-${size}.webp`);

/** The storage key of a listing photo's file name, or undefined for anything else. */
export function photoFileToStorageKey(fileName: string): string | undefined {
  const file = parsePhotoFileName(fileName);
  return file && photoStorageKey(file.key, file.size);
}

export interface PhotoRow {
  id: number;
  key: string;
  width: number;
  height: number;
  placeholder: string;
}

export function toListingPhoto(row: PhotoRow): ListingPhoto {
  return {
    id: row.id,
    thumb: listingPhotoUrl(row.key, 'thumb'),
    card: listingPhotoUrl(row.key, 'card'),
    full: listingPhotoUrl(row.key, 'full'),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  };
}
